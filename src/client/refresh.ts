// Background refresh (spec 4, wire contract 1.6): while a session exists, POST /sessions/authenticate `{}` every
// 3 minutes; on failure retry with exponential backoff and jitter; stop at once on an unrecoverable error; after
// MAX_REFRESH_RETRIES failures in a row, treat the user as logged out. Time is injected so tests can drive it.
import {
  MAX_REFRESH_RETRIES,
  REFRESH_BACKOFF_BASE_MS,
  REFRESH_BACKOFF_JITTER_MS,
  REFRESH_BACKOFF_MAX_EXPONENT,
  SESSION_LOGOUT_WARNING,
  SESSION_REFRESH_INTERVAL_MS,
} from './constants/sessions.ts';
import { isUnrecoverable } from './http.ts';
import { realClock, type Clock } from './clock.ts';

export type { Clock };

/**
 * Delay before retry number `attempt` (1, 2, …): 2000 · 2^min(attempt, 7) ms, plus jitter from -175 ms (random = 0)
 * up to +175 ms (random → 1), so many tabs that failed together do not retry in lockstep.
 */
export function backoffDelay(attempt: number, random: number): number {
  const exponent = Math.min(attempt, REFRESH_BACKOFF_MAX_EXPONENT);
  return REFRESH_BACKOFF_BASE_MS * 2 ** exponent + (random * 2 - 1) * REFRESH_BACKOFF_JITTER_MS;
}

export interface RefreshLoopOptions {
  /** One refresh: POST /sessions/authenticate with `{}` (it updates or clears the store itself). */
  authenticate(): Promise<unknown>;
  /** Called when the loop ends because the session is gone for good (unrecoverable error or retries exhausted). */
  onLoggedOut(reason: 'unrecoverable' | 'retries_exhausted', error: unknown): void;
  clock?: Clock;
}

export interface RefreshLoop {
  /**
   * Starts the loop unless it is running: `immediately` refreshes now (start-up), else after the interval (sign-in).
   */
  start(immediately: boolean): void;
  stop(): void;
  readonly running: boolean;
}

export function createRefreshLoop({ authenticate, onLoggedOut, clock = realClock }: RefreshLoopOptions): RefreshLoop {
  let running = false;
  let timer: unknown = null;
  let failures = 0;
  // Bumped on stop, so an answer that arrives after stop() (or after a restart) is ignored.
  let generation = 0;

  const schedule = (ms: number) => {
    const gen = generation;
    timer = clock.setTimeout(() => {
      timer = null;
      if (gen === generation) void tick();
    }, ms);
  };

  const tick = async () => {
    const gen = generation;
    try {
      await authenticate();
      if (gen !== generation) return;
      failures = 0;
      schedule(SESSION_REFRESH_INTERVAL_MS);
    } catch (error) {
      if (gen !== generation) return;
      if (isUnrecoverable(error)) {
        stop();
        onLoggedOut('unrecoverable', error);
        return;
      }
      failures++;
      if (failures > MAX_REFRESH_RETRIES) {
        stop();
        onLoggedOut('retries_exhausted', error);
        return;
      }
      schedule(backoffDelay(failures, clock.random()));
    }
  };

  const stop = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    running = false;
    failures = 0;
    generation++;
  };

  return {
    start(immediately) {
      if (running) return;
      running = true;
      if (immediately) void tick();
      else schedule(SESSION_REFRESH_INTERVAL_MS);
    },
    stop,
    get running() {
      return running;
    },
  };
}

/** What manageSession needs of a store: its refresh slot, its session changes, the readable cookie and sign-out. */
export interface ManagedStore {
  refresh?: { stop(): void };
  onSession(listener: (session: object | null) => void): () => void;
  readonly cookies: { readToken(): string | null };
  clear(): void;
}

/**
 * Start-up and background refresh for a store, once per page and token (wire contract 1.6): with a readable session
 * cookie, re-authenticate now and then every 3 minutes; without one, the cached state is stale, so clear it.
 * `authenticate` is the store's kind's session.authenticate (a user's `/sessions/…`, a member's `/b2b/sessions/…`).
 */
export function manageSession(
  store: ManagedStore,
  authenticate: () => Promise<unknown>,
  customApiDomain: boolean,
): void {
  const loop = createRefreshLoop({
    authenticate,
    onLoggedOut(reason, error) {
      if (reason === 'retries_exhausted') console.warn(SESSION_LOGOUT_WARNING, error);
      store.clear();
    },
  });
  store.refresh = loop;
  // Sign-in (here or in another tab) starts the loop; sign-out stops it.
  store.onSession((s) => (s ? loop.start(false) : loop.stop()));
  // With a custom API domain the session lives in that domain's HttpOnly cookies, which this page cannot read.
  if (store.cookies.readToken() || customApiDomain) loop.start(true);
  else store.clear();
}
