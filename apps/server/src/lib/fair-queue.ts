/**
 * A queue for heavy work (spreadsheet parsing, VIN photo reading) shared fairly between
 * companies: at most `concurrency` jobs run at once; the rest wait in a queue of their own
 * company's. When a turn is free it goes to the waiting company with the fewest jobs running,
 * and among those to the one whose last turn is longest ago (a company with nothing running or
 * waiting starts afresh), so the companies take turns and one that sends many jobs waits behind
 * its own jobs, not everyone else's. A company may have `maxWaitingPerKey` jobs waiting; past
 * that only that company is refused. `maxWaiting` bounds the jobs waiting in all (each holds its
 * upload in memory): past it anyone is refused, which takes many companies flooding at once.
 *
 * The queue is per process, as the work it guards (worker threads, the OCR worker) is.
 */
export type Release = () => void;

export interface FairQueueOptions {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs one key (company) may have waiting. */
  maxWaitingPerKey: number;
  /** Jobs waiting in all; unbounded when not given. */
  maxWaiting?: number;
}

export class FairQueue<K = number> {
  private waitingTotal = 0;
  private runningTotal = 0;
  /** Waiting jobs by key, in the order the keys started waiting. */
  private readonly waiting = new Map<K, ((release: Release) => void)[]>();
  private readonly runningBy = new Map<K, number>();
  /** When (a turn number) each busy key last got a turn. */
  private readonly lastTurn = new Map<K, number>();
  private turns = 0;

  /** Called when a job of `key` gets its turn (logs, tests). */
  onStart?: (key: K) => void;

  constructor(private readonly options: FairQueueOptions) {
    if (options.concurrency < 1) throw new Error('FairQueue: concurrency must be at least 1');
  }

  /**
   * A turn for a job of `key`: a promise of the function that ends the turn (call it exactly once,
   * in a finally), or undefined when the job is refused because too many are waiting.
   */
  tryAcquire(key: K): Promise<Release> | undefined {
    if (this.runningTotal < this.options.concurrency && this.waitingTotal === 0) {
      return Promise.resolve(this.start(key));
    }
    if (this.waitingFor(key) >= this.options.maxWaitingPerKey) return undefined;
    if (this.options.maxWaiting !== undefined && this.waitingTotal >= this.options.maxWaiting) return undefined;
    return new Promise<Release>((resolve) => {
      const list = this.waiting.get(key);
      if (list) list.push(resolve);
      else this.waiting.set(key, [resolve]);
      this.waitingTotal += 1;
    });
  }

  /** Jobs of `key` waiting for their turn. */
  waitingFor(key: K): number {
    return this.waiting.get(key)?.length ?? 0;
  }

  /** Jobs running now. */
  get active(): number {
    return this.runningTotal;
  }

  private start(key: K): Release {
    this.runningTotal += 1;
    this.runningBy.set(key, (this.runningBy.get(key) ?? 0) + 1);
    this.turns += 1;
    this.lastTurn.set(key, this.turns);
    this.onStart?.(key);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.runningTotal -= 1;
      const running = (this.runningBy.get(key) ?? 1) - 1;
      if (running > 0) this.runningBy.set(key, running);
      else this.runningBy.delete(key);
      if (running === 0 && !this.waiting.has(key)) this.lastTurn.delete(key);
      this.next();
    };
  }

  /** Gives the free turns to the waiting keys, one job at a time, fewest running first. */
  private next(): void {
    while (this.runningTotal < this.options.concurrency && this.waiting.size > 0) {
      let best: K | undefined;
      let bestRunning = Infinity;
      let bestTurn = Infinity;
      for (const key of this.waiting.keys()) {
        const running = this.runningBy.get(key) ?? 0;
        const turn = this.lastTurn.get(key) ?? 0;
        if (running < bestRunning || (running === bestRunning && turn < bestTurn)) {
          best = key;
          bestRunning = running;
          bestTurn = turn;
        }
      }
      const key = best as K;
      const list = this.waiting.get(key)!;
      const resolve = list.shift()!;
      if (list.length === 0) this.waiting.delete(key);
      this.waitingTotal -= 1;
      resolve(this.start(key));
    }
  }
}
