// The user lock, kept so that it holds under any concurrency and across processes: an attempt to check a secret
// (password, TOTP code, recovery code, passcode) is counted BEFORE the check, in the database, and only while the user
// is below the limit. A right secret gives its slot back; a wrong one keeps it as a failure. An organization member is
// locked by the same rule in its own tables (members.locked_until, member_auth_failures).
import type { Db } from '../db/db.ts';
import { iso } from './time.ts';

/** Whose secrets are being checked: a consumer user or an organization member. */
export interface LockHolder {
  kind: 'user' | 'member';
  id: string;
}

/** Where each kind of holder keeps its lock and its attempts (fixed names: nothing here comes from a request). */
const LOCK_TABLES = {
  user: { holders: 'users', attempts: 'auth_failures', holderColumn: 'user_id' },
  member: { holders: 'members', attempts: 'member_auth_failures', holderColumn: 'member_id' },
} as const;

export interface LockPolicy {
  limit: number;
  windowMs: number;
  lockMs: number;
}

export type Reservation = { reserved: true; seq: string } | { reserved: false; retryAfterMs: number };

/**
 * Takes one of the holder's attempt slots: refused while it is locked or already has `limit` attempts (failed or
 * still being checked) inside the window. The holder's row is locked first (FOR NO KEY UPDATE: it still lets other
 * transactions insert rows that reference the user), so reservations of one user run one at a time on every
 * connection, and the count read after the lock sees every reservation committed before it.
 */
export async function reserveAuthAttempt(
  db: Db,
  input: { holder: LockHolder; now: number; policy: LockPolicy },
): Promise<Reservation> {
  const { holder, now, policy } = input;
  const { holders, attempts, holderColumn } = LOCK_TABLES[holder.kind];
  return db.transaction(async (tx) => {
    const [user] = await tx.query<{ locked_until: Date | null }>(
      `select locked_until from ${holders} where id = $1 for no key update`,
      [holder.id],
    );
    // A user deleted meanwhile has nothing left to guess; refusing keeps the caller on the failure path.
    if (!user) return { reserved: false, retryAfterMs: policy.lockMs };
    const lockEnds = user.locked_until ? new Date(user.locked_until).getTime() : 0;
    if (lockEnds > now) return { reserved: false, retryAfterMs: lockEnds - now };
    const [window] = await tx.query<{ attempts: number; oldest: Date | null }>(
      `select count(*)::int as attempts, min(failed_at) as oldest from ${attempts}
       where ${holderColumn} = $1 and failed_at > $2::timestamptz`,
      [holder.id, iso(now - policy.windowMs)],
    );
    if ((window?.attempts ?? 0) >= policy.limit) {
      // The slot that frees first is the oldest attempt's, when it leaves the window.
      const oldest = window?.oldest ? new Date(window.oldest).getTime() : now;
      return { reserved: false, retryAfterMs: oldest + policy.windowMs - now };
    }
    const [row] = await tx.query<{ seq: string }>(
      `insert into ${attempts} (${holderColumn}, failed_at) values ($1, $2::timestamptz) returning seq::text as seq`,
      [holder.id, iso(now)],
    );
    if (!row) throw new Error('insert returned no attempt');
    return { reserved: true, seq: row.seq };
  });
}

/** A right secret: its reserved slot is given back, so a successful check never counts toward the lock. */
export async function releaseAuthAttempt(db: Db, holder: LockHolder, seq: string): Promise<void> {
  await db.query(`delete from ${LOCK_TABLES[holder.kind].attempts} where seq = $1::bigint`, [seq]);
}

/**
 * A wrong secret: its reservation stays as the failure. When the user's attempts in the window have reached the
 * limit, the user is locked until `now + lockMs`; returns when the lock ends, or null when not locked. Attempts still
 * being checked count too (they are not known to be right), which errs on the side of locking.
 */
export async function lockIfLimitReached(
  db: Db,
  input: { holder: LockHolder; now: number; policy: LockPolicy },
): Promise<number | null> {
  const { holder, now, policy } = input;
  const { holders, attempts, holderColumn } = LOCK_TABLES[holder.kind];
  const until = now + policy.lockMs;
  const rows = await db.query<{ id: string }>(
    `update ${holders} set locked_until = greatest(coalesce(locked_until, $2::timestamptz), $2::timestamptz)
     where id = $1
       and (select count(*) from ${attempts} where ${holderColumn} = $1 and failed_at > $3::timestamptz) >= $4
     returning id`,
    [holder.id, iso(until), iso(now - policy.windowMs), policy.limit],
  );
  return rows.length > 0 ? until : null;
}

/**
 * Lifts the holder's lock and forgets its counted attempts (an administrator unlocking a user who proved who they are
 * some other way). Returns whether there was anything to clear. One transaction, so no attempt slips in between.
 */
export async function clearLock(db: Db, holder: LockHolder, now: number): Promise<boolean> {
  const { holders, attempts, holderColumn } = LOCK_TABLES[holder.kind];
  return db.transaction(async (tx) => {
    const locked = await tx.query<{ id: string }>(
      `update ${holders} set locked_until = null where id = $1 and locked_until > $2::timestamptz returning id`,
      [holder.id, iso(now)],
    );
    const forgotten = await tx.query<{ seq: string }>(
      `delete from ${attempts} where ${holderColumn} = $1 returning seq::text as seq`,
      [holder.id],
    );
    return locked.length > 0 || forgotten.length > 0;
  });
}
