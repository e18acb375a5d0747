import type { Db } from '../db/db.ts';
import { iso } from './time.ts';

/** When the user's lock ends (epoch ms), or null when they are not locked at `now`. */
export async function lockedUntil(db: Db, userId: string, now: number): Promise<number | null> {
  const [row] = await db.query<{ locked_until: Date | null }>(
    'select locked_until from users where id = $1 and locked_until > $2::timestamptz',
    [userId, iso(now)],
  );
  return row?.locked_until ? new Date(row.locked_until).getTime() : null;
}

/**
 * Records a failed check and, when the user has now failed `limit` times within `windowMs`, locks them until
 * `now + lockMs`. Returns when the lock ends, or null when the user is not locked. The failures that caused a lock
 * all lie in the window before it, so they have aged out by the time a lock of at least the window's length ends.
 */
export async function recordAuthFailure(
  db: Db,
  input: { userId: string; now: number; limit: number; windowMs: number; lockMs: number },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.query('insert into auth_failures (user_id, failed_at) values ($1, $2::timestamptz)', [input.userId, iso(input.now)]);
    const [row] = await tx.query<{ failures: number }>(
      'select count(*)::int as failures from auth_failures where user_id = $1 and failed_at > $2::timestamptz',
      [input.userId, iso(input.now - input.windowMs)],
    );
    if ((row?.failures ?? 0) < input.limit) return null;
    const until = input.now + input.lockMs;
    await tx.query('update users set locked_until = $2::timestamptz where id = $1', [input.userId, iso(until)]);
    return until;
  });
}
