// Fixed-window rate limits kept in the database (store/rate-limits.ts), so every instance on one database shares
// them. Each limit is a named rule; a take is one atomic statement, and a refused take answers 429 with the time
// until the window ends.
import { isIP } from 'node:net';
import {
  IPV6_LIMIT_PREFIX_GROUPS,
  RATE_LIMIT_SWEEP_BATCH,
  RATE_LIMIT_SWEEP_EVERY_TAKES,
  UNKNOWN_IP_KEY,
} from '../constants/rate-limits.ts';
import type { Db } from '../db/db.ts';
import { Errors } from '../http/errors.ts';
import { releaseRateLimit, sweepRateLimits, takeRateLimit } from '../store/rate-limits.ts';

/** A taken slot: `release` gives it back (e.g. an authentication attempt that turned out right). */
export interface Taken {
  release(): Promise<void>;
}

/** Whose budget a limit counts: one identifier (an address or number), or one client network (an IP). */
export type RateLimitScope = 'identifier' | 'client';

/** One limit: at most `limit` takes per subject per `windowMs`, counted under keys `<name>:<subject>`. */
export class RateLimit {
  constructor(
    private readonly db: Db,
    private readonly sweeper: Sweeper,
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    readonly scope: RateLimitScope = 'identifier',
  ) {}

  /** Counts one take; throws 429 `too_many_requests` (with Retry-After) when the subject's window is full. */
  async take(subject: string, now: number): Promise<Taken> {
    const key = `${this.name}:${subject}`;
    await this.sweeper.maybeSweep(now);
    const window = await takeRateLimit(this.db, { key, now, windowMs: this.windowMs });
    if (window.count > this.limit) {
      const retryAfterMs = window.windowEndsMs - now;
      throw this.scope === 'client' ? Errors.tooManyClientRequests(retryAfterMs) : Errors.tooManyRequests(retryAfterMs);
    }
    return { release: () => releaseRateLimit(this.db, { key, windowEndsMs: window.windowEndsMs }) };
  }
}

/** Every RATE_LIMIT_SWEEP_EVERY_TAKES takes (or writes) in this process, deletes a bounded batch of expired rows. */
export class Sweeper {
  #takes = 0;
  /** `sweep` defaults to the rate-limit windows; other stores of expiring rows (oidc/adapter.ts) pass their own. */
  constructor(
    db: Db,
    private readonly sweep: (now: number) => Promise<unknown> = (now) =>
      sweepRateLimits(db, { now, batch: RATE_LIMIT_SWEEP_BATCH }),
  ) {}

  async maybeSweep(now: number): Promise<void> {
    this.#takes += 1;
    if (this.#takes % RATE_LIMIT_SWEEP_EVERY_TAKES !== 0) return;
    await this.sweep(now);
  }

  /**
   * Runs the sweep every `intervalMs` too, so that a service without traffic still deletes what outlives its period.
   * The timer keeps no process alive; a failed pass is reported and the next one tries again. Returns the stop, which
   * waits for a pass under way (the database is closed after it).
   */
  every(intervalMs: number, now: () => number, onError: (error: unknown) => void): () => Promise<void> {
    let running: Promise<void> | undefined;
    const timer = setInterval(() => {
      // A pass slower than the interval (a huge backlog) is not run twice at once.
      if (running) return;
      running = this.sweep(now())
        .then(() => undefined, onError)
        .finally(() => {
          running = undefined;
        });
    }, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }
}

/**
 * The rate-limit subject for a client address: an IPv4 address as is (also when written IPv4-mapped, `::ffff:a.b.c.d`),
 * an IPv6 address by its /64 prefix, and requests with no known peer all under one key (fail closed).
 */
export function ipSubject(ipAddress: string): string {
  if (!ipAddress) return UNKNOWN_IP_KEY;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ipAddress);
  if (mapped) return mapped[1]!;
  if (isIP(ipAddress) !== 6) return ipAddress;
  return `${expandIpv6(ipAddress).slice(0, IPV6_LIMIT_PREFIX_GROUPS).join(':')}::/${IPV6_LIMIT_PREFIX_GROUPS * 16}`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case without leading zeros (`::` expanded, zone dropped). */
function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::') as [string, string | undefined];
  const groups = (text: string) => (text ? text.split(':') : []);
  // An embedded IPv4 tail (e.g. `64:ff9b::1.2.3.4`) is two groups; it only affects the groups after the prefix.
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  const all = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right];
  return all.map((group) => (group.includes('.') ? group : parseInt(group, 16).toString(16)));
}
