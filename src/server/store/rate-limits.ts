import type { Db } from '../db/db.ts';

/** The state of a key's window right after a take: how many takes it holds (this one included) and when it ends. */
export interface TakenWindow {
  count: number;
  windowEndsMs: number;
}

/**
 * Counts one take for `key` in ONE statement, so parallel requests on any number of instances each see a distinct
 * count; a window that has ended restarts at 1. A window is never restarted for lying ahead of `now`: parallel
 * requests read the clock at slightly different moments, and restarting on that would let them all through.
 */
export async function takeRateLimit(
  db: Db,
  input: { key: string; now: number; windowMs: number },
): Promise<TakenWindow> {
  const [row] = await db.query<{ count: number; window_ends_ms: number }>(
    `insert into rate_limits as r (key, window_ends_ms, count) values ($1, $2::bigint + $3::bigint, 1)
     on conflict (key) do update set
       count = case when r.window_ends_ms <= $2::bigint then 1 else r.count + 1 end,
       window_ends_ms = case when r.window_ends_ms <= $2::bigint then $2::bigint + $3::bigint else r.window_ends_ms end
     returning count, window_ends_ms::float8 as window_ends_ms`,
    [input.key, input.now, input.windowMs],
  );
  if (!row) throw new Error('rate limit upsert returned no row');
  return { count: row.count, windowEndsMs: Number(row.window_ends_ms) };
}

/** Gives one take back to the window it was taken in (a no-op once that window has ended or restarted). */
export async function releaseRateLimit(db: Db, input: { key: string; windowEndsMs: number }): Promise<void> {
  await db.query('update rate_limits set count = count - 1 where key = $1 and window_ends_ms = $2 and count > 0', [
    input.key,
    input.windowEndsMs,
  ]);
}

/**
 * Deletes up to `batch` rows whose window has ended; returns how many went. The outer condition is re-checked on a
 * row another instance restarted meanwhile, so a live window is never deleted.
 */
export async function sweepRateLimits(db: Db, input: { now: number; batch: number }): Promise<number> {
  const rows = await db.query<{ key: string }>(
    `delete from rate_limits where key in (
       select key from rate_limits where window_ends_ms <= $1 order by window_ends_ms limit $2
     ) and window_ends_ms <= $1 returning key`,
    [input.now, input.batch],
  );
  return rows.length;
}
