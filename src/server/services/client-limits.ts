// The per-client limits every send and every authentication check goes through (values: IP_* in
// constants/rate-limits.ts; why: docs/decisions.md). The client is its IP address as RequestMeta reads it.
import type { Deps } from '../context.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { ipSubject, type Taken } from '../security/rate-limit.ts';

/** One send (magic link, passcode, reset email) from this client; 429 `too_many_requests` beyond the IP budget. */
export async function limitSendFrom(deps: Deps, meta: RequestMeta): Promise<void> {
  await deps.limits.ipSend.take(ipSubject(meta.ipAddress), deps.config.now());
}

/**
 * Reserves one authentication attempt for this client BEFORE the check runs, so a client over its failure budget is
 * refused (429 `too_many_requests`) before its guess can count against any user, and parallel guesses cannot overrun
 * it. The caller releases the reservation when the check succeeds, so only failures stay counted.
 */
export async function reserveAuthAttempt(deps: Deps, meta: RequestMeta): Promise<Taken> {
  return deps.limits.ipAuthFailures.take(ipSubject(meta.ipAddress), deps.config.now());
}
