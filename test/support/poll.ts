// The one way every suite (browser, Node, end-to-end) waits for something: ask again until it holds. A test never
// sleeps for a fixed time; it waits for the state it needs, and fails with what it waited for when that never comes.
// No DOM and no Node imports, so the same module runs in Chromium and in Node.

/** How long a wait lasts before the test fails: longer than any lazy chunk, cold start or mail delivery here takes. */
export const POLL_TIMEOUT_MS = 10_000;

/** Pause between two checks: short enough not to slow a test down, long enough to let the page or service work. */
export const POLL_INTERVAL_MS = 20;

/** What `until` throws when the condition never held, so a caller can tell a timeout from a failing check. */
export class PollTimeoutError extends Error {
  constructor(what: string, timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms waiting for ${what}`);
    this.name = 'PollTimeoutError';
  }
}

type Truthy<T> = Exclude<T, undefined | null | false | 0 | ''>;

/**
 * Calls `check` (sync or async) until it returns a truthy value and resolves with that value; rejects with a
 * `PollTimeoutError` naming `what` after `timeoutMs`. An error thrown by `check` is not retried: it fails the wait.
 */
export async function until<T>(
  check: () => T | PromiseLike<T>,
  what: string,
  timeoutMs = POLL_TIMEOUT_MS,
): Promise<Truthy<Awaited<T>>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<Awaited<T>>;
    if (Date.now() > deadline) throw new PollTimeoutError(what, timeoutMs);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}
