// The one way a secret (password, TOTP code, recovery code, passcode) is checked against the user lock: reserve an
// attempt in the database, then verify. Reading the lock and recording the failure after the check let any number
// of parallel guesses through before the lock was set (199 parallel wrong passwords, then the right one signed
// in); a reservation taken before the expensive check caps the checks at the limit under any concurrency and
// across processes.
import {
  USER_LOCK_DURATION_MS,
  USER_LOCK_FAILURE_LIMIT,
  USER_LOCK_FAILURE_WINDOW_MS,
} from '../constants/rate-limits.ts';
import type { Deps } from '../context.ts';
import { Errors, type ApiError } from '../http/errors.ts';
import {
  lockIfLimitReached,
  releaseAuthAttempt,
  reserveAuthAttempt,
  type LockHolder,
  type LockPolicy,
} from '../store/lockouts.ts';

const POLICY: LockPolicy = {
  limit: USER_LOCK_FAILURE_LIMIT,
  windowMs: USER_LOCK_FAILURE_WINDOW_MS,
  lockMs: USER_LOCK_DURATION_MS,
};

/** What a check answers when the secret was wrong (every other outcome is a value or a thrown error). */
export const WRONG_SECRET: unique symbol = Symbol('wrong secret');

/**
 * Runs `check` on one reserved attempt of the user.
 * - No slot (the user is locked, or has the limit of attempts in the window): `user_lock_limit_reached`, and the
 *   secret is never checked.
 * - `check` answers WRONG_SECRET: the attempt stays as a failure; the failure that reaches the limit locks the user
 *   and answers 429 (retrying is pointless), any other answers `wrong()`.
 * - `check` answers a value or throws: the secret was right (or never compared), so the slot is given back.
 */
export async function checkUnderLock<T>(
  deps: Deps,
  userId: string,
  check: () => Promise<T | typeof WRONG_SECRET>,
  wrong: () => ApiError,
): Promise<T> {
  return checkHolderUnderLock(deps, { kind: 'user', id: userId }, check, wrong);
}

/** The same for an organization member's secrets (TOTP, SMS passcode, recovery code): the same limits and answers. */
export async function checkMemberUnderLock<T>(
  deps: Deps,
  memberId: string,
  check: () => Promise<T | typeof WRONG_SECRET>,
  wrong: () => ApiError,
): Promise<T> {
  return checkHolderUnderLock(deps, { kind: 'member', id: memberId }, check, wrong);
}

async function checkHolderUnderLock<T>(
  deps: Deps,
  holder: LockHolder,
  check: () => Promise<T | typeof WRONG_SECRET>,
  wrong: () => ApiError,
): Promise<T> {
  const now = deps.config.now();
  const reservation = await reserveAuthAttempt(deps.db, { holder, now, policy: POLICY });
  if (!reservation.reserved) throw Errors.userLockLimitReached(reservation.retryAfterMs);
  let outcome: T | typeof WRONG_SECRET;
  try {
    outcome = await check();
  } catch (error) {
    await releaseAuthAttempt(deps.db, holder, reservation.seq);
    throw error;
  }
  if (outcome === WRONG_SECRET) {
    const until = await lockIfLimitReached(deps.db, { holder, now, policy: POLICY });
    if (until !== null) throw Errors.userLockLimitReached(until - now);
    throw wrong();
  }
  await releaseAuthAttempt(deps.db, holder, reservation.seq);
  return outcome;
}
