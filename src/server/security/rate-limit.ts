import { RATE_LIMIT_SWEEP_AT_KEYS } from '../constants.ts';

/**
 * A fixed-window counter per key (e.g. per email address), in memory. Good enough for one process; a cluster
 * would keep the counters in the database instead.
 */
export class FixedWindowRateLimiter {
  readonly #windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt; returns 0 when it is allowed, else the milliseconds until the window ends. */
  take(key: string, now: number): number {
    if (this.#windows.size >= RATE_LIMIT_SWEEP_AT_KEYS) this.#sweep(now);
    const window = this.#windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs || now < window.startedAt) {
      this.#windows.set(key, { startedAt: now, count: 1 });
      return 0;
    }
    if (window.count >= this.limit) return window.startedAt + this.windowMs - now;
    window.count += 1;
    return 0;
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) {
      if (now - window.startedAt >= this.windowMs) this.#windows.delete(key);
    }
  }
}
