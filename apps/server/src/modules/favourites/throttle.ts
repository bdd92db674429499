/**
 * Refuses a repeated action (same account, same product) within a short window: a favourite
 * toggled again at once is refused with 请求过于频繁. Kept in the process's memory, pruned as
 * it goes; with several processes each counts its own (a repeat is rarely sent to another).
 */
export class RepeatThrottle {
  private readonly last = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the key is allowed now (and records it); false when it came within the window. */
  take(key: string): boolean {
    const now = this.now();
    const previous = this.last.get(key);
    if (previous !== undefined && now - previous < this.windowMs) return false;
    this.last.set(key, now);
    if (this.last.size > 10_000) this.prune(now);
    return true;
  }

  private prune(now: number): void {
    for (const [key, at] of this.last) if (now - at >= this.windowMs) this.last.delete(key);
  }
}
