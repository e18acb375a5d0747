// The admin console's own rows: its sign-in sessions (production) and the audit log of every action taken in it.
// A console session is a bearer secret like a user's session: only its SHA-256 digest is stored.
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

/** One row of the audit log as the console shows it. */
export interface AuditRow {
  seq: string;
  actor: string;
  action: string;
  target_user_id: string | null;
  details: Record<string, unknown>;
  ip_address: string;
  created_at: string;
}

export async function insertAdminSession(
  db: Db,
  input: { tokenHash: string; ipAddress: string; now: number; expiresAt: number },
): Promise<string> {
  const id = newId(db, 'admin-session');
  await db.query(
    `insert into admin_sessions (id, token_hash, ip_address, created_at, expires_at)
     values ($1, $2, $3, $4::timestamptz, $5::timestamptz)`,
    [id, input.tokenHash, input.ipAddress, iso(input.now), iso(input.expiresAt)],
  );
  return id;
}

/** The id of the live console session with this token digest (not ended, not expired), or null. */
export async function findAdminSession(db: Db, tokenHash: string, now: number): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `select id from admin_sessions where token_hash = $1 and revoked_at is null and expires_at > $2::timestamptz`,
    [tokenHash, iso(now)],
  );
  return row?.id ?? null;
}

export async function endAdminSession(db: Db, sessionId: string, now: number): Promise<void> {
  await db.query('update admin_sessions set revoked_at = $2::timestamptz where id = $1 and revoked_at is null', [
    sessionId,
    iso(now),
  ]);
}

export async function insertAuditRow(
  db: Db,
  input: {
    actor: string;
    action: string;
    targetUserId: string | null;
    details: Record<string, unknown>;
    ipAddress: string;
    now: number;
  },
): Promise<void> {
  await db.query(
    `insert into admin_audit_log (actor, action, target_user_id, details, ip_address, created_at)
     values ($1, $2, $3, $4::jsonb, $5, $6::timestamptz)`,
    [input.actor, input.action, input.targetUserId, JSON.stringify(input.details), input.ipAddress, iso(input.now)],
  );
}

/** The newest `limit` rows, newest first; of one user's only when `targetUserId` is given. */
export async function latestAuditRows(db: Db, limit: number, targetUserId?: string): Promise<AuditRow[]> {
  const rows = await db.query<Omit<AuditRow, 'created_at'> & { created_at: Date }>(
    `select seq::text as seq, actor, action, target_user_id, details, ip_address, created_at from admin_audit_log
     where $2::text is null or target_user_id = $2 order by seq desc limit $1`,
    [limit, targetUserId ?? null],
  );
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
}

/** Whether and until when the user is locked, and their failed attempts still counted (store/lockouts.ts). */
export async function lockStateOf(
  db: Db,
  userId: string,
  now: number,
  windowMs: number,
): Promise<{ lockedUntil: string | null; recentFailures: number }> {
  const [row] = await db.query<{ locked_until: Date | null; failures: number }>(
    `select case when locked_until > $2::timestamptz then locked_until end as locked_until,
       (select count(*)::int from auth_failures where user_id = $1 and failed_at > $3::timestamptz) as failures
     from users where id = $1`,
    [userId, iso(now), iso(now - windowMs)],
  );
  return { lockedUntil: row?.locked_until ? iso(row.locked_until) : null, recentFailures: row?.failures ?? 0 };
}
