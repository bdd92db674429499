import { sql } from 'drizzle-orm';
import type { ImportProgress } from '@shop/core/api/admin-prices';
import type { Db } from '../../db/client';
import type { Executor } from '../../lib/events';

/**
 * The work under way on a batch, kept in import_progress (one row while it runs) rather than in
 * the process doing it: any server process answers the batch's progress, and the row's heartbeat
 * says whether that process is still alive. The row is written outside the work's transaction
 * (which holds the batch row locked), each chunk's figures as they come and a heartbeat every
 * HEARTBEAT_MS, so a statement that runs long keeps it fresh too.
 */
export const HEARTBEAT_MS = 10_000;
/** Work whose heartbeat is older than this has lost its process (stale.ts gives it up). */
export const STALE_WORK_MS = 3 * 60_000;

type Row = Record<string, unknown>;

/**
 * Claims the batch for one piece of work (in `tx` when the claim goes with other writes, as the
 * upload's batch row does): false when work is under way on it already (a double click).
 */
export async function claimWork(
  db: Pick<Db, 'execute'>,
  batchId: number,
  phase: ImportProgress['phase'],
  total: number,
): Promise<boolean> {
  const claimed = await db.execute(sql`insert into import_progress (batch_id, phase, total)
    values (${batchId}, ${phase}, ${total}) on conflict (batch_id) do nothing returning batch_id`);
  return claimed.rows.length > 0;
}

export interface WorkTracker {
  /** Rows done so far (written without waiting: the work never waits on its progress). */
  step(done: number): void;
  /** The work's total once known (the preview learns it after reading the file). */
  setTotal(total: number): void;
  /** The work ended (committed or not): its row goes. */
  end(): Promise<void>;
}

/**
 * Keeps the claimed batch's progress row up to date while the work runs. Writes go one after the
 * other (never two at once for a batch) and a failed one is only logged: the next carries the
 * figures again.
 */
export function trackWork(db: Executor, batchId: number, total: number, log: (err: unknown) => void): WorkTracker {
  let done = 0;
  let chain: Promise<unknown> = Promise.resolve();
  const write = (statement: ReturnType<typeof sql>) => {
    chain = chain.then(() => db.execute(statement)).catch(log);
  };
  const heartbeat = () =>
    write(
      sql`update import_progress set done = ${done}, total = ${total}, heartbeat_at = now() where batch_id = ${batchId}`,
    );
  const timer = setInterval(heartbeat, HEARTBEAT_MS);
  timer.unref();
  return {
    step(n) {
      done = Math.min(total, n);
      heartbeat();
    },
    setTotal(n) {
      total = n;
      heartbeat();
    },
    async end() {
      clearInterval(timer);
      write(sql`delete from import_progress where batch_id = ${batchId}`);
      await chain;
    },
  };
}

/** The SQL columns of a batch's live work (joined as `pr`): phase, done, total, whether it is alive. */
export const PROGRESS_COLUMNS = sql`pr.phase as work_phase, pr.done as work_done, pr.total as work_total,
  pr.heartbeat_at > now() - ${STALE_WORK_MS} * interval '1 millisecond' as work_alive`;

/** The live work of a batch row read with PROGRESS_COLUMNS (null: none, or its process is gone). */
export function progressOfRow(r: Row): ImportProgress | null {
  if (r.work_phase === null || r.work_phase === undefined || r.work_alive !== true) return null;
  return {
    phase: r.work_phase as ImportProgress['phase'],
    done: Number(r.work_done),
    total: Number(r.work_total),
  };
}
