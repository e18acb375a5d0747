// Fixed-window rate limits kept in the database (store/rate-limits.ts), so every instance on one database shares
// them. Each limit is a named rule; a take is one atomic statement, and a refused take answers 429 with the time
// until the window ends.
import { RATE_LIMIT_SWEEP_BATCH, RATE_LIMIT_SWEEP_EVERY_TAKES, UNKNOWN_IP_KEY } from '../constants.ts';
import type { Db } from '../db/db.ts';
import { Errors } from '../http/errors.ts';
import { releaseRateLimit, sweepRateLimits, takeRateLimit } from '../store/rate-limits.ts';

/** A taken slot: `release` gives it back (e.g. an authentication attempt that turned out right). */
export interface Taken {
  release(): Promise<void>;
}

/** One limit: at most `limit` takes per subject per `windowMs`, counted under keys `<name>:<subject>`. */
export class RateLimit {
  constructor(
    private readonly db: Db,
    private readonly sweeper: Sweeper,
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts one take; throws 429 `too_many_requests` (with Retry-After) when the subject's window is full. */
  async take(subject: string, now: number): Promise<Taken> {
    const key = `${this.name}:${subject}`;
    await this.sweeper.maybeSweep(now);
    const window = await takeRateLimit(this.db, { key, now, windowMs: this.windowMs });
    if (window.count > this.limit) throw Errors.tooManyRequests(window.windowEndsMs - now);
    return { release: () => releaseRateLimit(this.db, { key, windowEndsMs: window.windowEndsMs }) };
  }
}

/** Every RATE_LIMIT_SWEEP_EVERY_TAKES takes in this process, deletes a bounded batch of ended windows. */
export class Sweeper {
  #takes = 0;
  constructor(private readonly db: Db) {}

  async maybeSweep(now: number): Promise<void> {
    this.#takes += 1;
    if (this.#takes % RATE_LIMIT_SWEEP_EVERY_TAKES !== 0) return;
    await sweepRateLimits(this.db, { now, batch: RATE_LIMIT_SWEEP_BATCH });
  }
}

/** The rate-limit subject for a client address; requests with no known peer share one budget (fail closed). */
export function ipSubject(ipAddress: string): string {
  return ipAddress || UNKNOWN_IP_KEY;
}
