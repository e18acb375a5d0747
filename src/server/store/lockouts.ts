// The user lock, kept so that it holds under any concurrency and across processes: an attempt to check a secret
// (password, TOTP code, recovery code, passcode) is counted BEFORE the check, in the database, and only while the user
// is below the limit. A right secret gives its slot back; a wrong one keeps it as a failure.
import type { Db } from '../db/db.ts';
import { iso } from './time.ts';

export interface LockPolicy {
  limit: number;
  windowMs: number;
  lockMs: number;
}

export type Reservation = { reserved: true; seq: string } | { reserved: false; retryAfterMs: number };

/**
 * Takes one of the user's attempt slots: refused while the user is locked or already has `limit` attempts (failed or
 * still being checked) inside the window. The user row is locked first (FOR NO KEY UPDATE: it still lets other
 * transactions insert rows that reference the user), so reservations of one user run one at a time on every
 * connection, and the count read after the lock sees every reservation committed before it.
 */
export async function reserveAuthAttempt(
  db: Db,
  input: { userId: string; now: number; policy: LockPolicy },
): Promise<Reservation> {
  const { userId, now, policy } = input;
  return db.transaction(async (tx) => {
    const [user] = await tx.query<{ locked_until: Date | null }>(
      'select locked_until from users where id = $1 for no key update',
      [userId],
    );
    // A user deleted meanwhile has nothing left to guess; refusing keeps the caller on the failure path.
    if (!user) return { reserved: false, retryAfterMs: policy.lockMs };
    const lockEnds = user.locked_until ? new Date(user.locked_until).getTime() : 0;
    if (lockEnds > now) return { reserved: false, retryAfterMs: lockEnds - now };
    const [window] = await tx.query<{ attempts: number; oldest: Date | null }>(
      `select count(*)::int as attempts, min(failed_at) as oldest from auth_failures
       where user_id = $1 and failed_at > $2::timestamptz`,
      [userId, iso(now - policy.windowMs)],
    );
    if ((window?.attempts ?? 0) >= policy.limit) {
      // The slot that frees first is the oldest attempt's, when it leaves the window.
      const oldest = window?.oldest ? new Date(window.oldest).getTime() : now;
      return { reserved: false, retryAfterMs: oldest + policy.windowMs - now };
    }
    const [row] = await tx.query<{ seq: string }>(
      'insert into auth_failures (user_id, failed_at) values ($1, $2::timestamptz) returning seq::text as seq',
      [userId, iso(now)],
    );
    if (!row) throw new Error('insert returned no attempt');
    return { reserved: true, seq: row.seq };
  });
}

/** A right secret: its reserved slot is given back, so a successful check never counts toward the lock. */
export async function releaseAuthAttempt(db: Db, seq: string): Promise<void> {
  await db.query('delete from auth_failures where seq = $1::bigint', [seq]);
}

/**
 * A wrong secret: its reservation stays as the failure. When the user's attempts in the window have reached the
 * limit, the user is locked until `now + lockMs`; returns when the lock ends, or null when not locked. Attempts still
 * being checked count too (they are not known to be right), which errs on the side of locking.
 */
export async function lockIfLimitReached(
  db: Db,
  input: { userId: string; now: number; policy: LockPolicy },
): Promise<number | null> {
  const { userId, now, policy } = input;
  const until = now + policy.lockMs;
  const rows = await db.query<{ id: string }>(
    `update users set locked_until = greatest(coalesce(locked_until, $2::timestamptz), $2::timestamptz)
     where id = $1
       and (select count(*) from auth_failures where user_id = $1 and failed_at > $3::timestamptz) >= $4
     returning id`,
    [userId, iso(until), iso(now - policy.windowMs), policy.limit],
  );
  return rows.length > 0 ? until : null;
}
