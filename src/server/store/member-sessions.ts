import type { MemberAuthenticationFactor } from '../../api/organizations.ts';
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

/** A member session that exists, is not revoked and had not expired when it was read. */
export interface ActiveMemberSession {
  id: string;
  memberId: string;
  organizationId: string;
  startedAt: string;
  lastAccessedAt: string;
  expiresAt: string;
  factors: MemberAuthenticationFactor[];
  ipAddress: string;
  userAgent: string;
}

interface MemberSessionRow {
  id: string;
  member_id: string;
  organization_id: string;
  started_at: Date;
  last_accessed_at: Date;
  expires_at: Date;
  factors: MemberAuthenticationFactor[];
  ip_address: string;
  user_agent: string;
}

const COLUMNS =
  'id, member_id, organization_id, started_at, last_accessed_at, expires_at, factors, ip_address, user_agent';

export async function createMemberSession(
  db: Db,
  input: {
    tokenHash: string;
    memberId: string;
    organizationId: string;
    now: number;
    expiresAt: number;
    factors: MemberAuthenticationFactor[];
    ipAddress: string;
    userAgent: string;
  },
): Promise<ActiveMemberSession> {
  const [row] = await db.query<MemberSessionRow>(
    `insert into member_sessions (id, token_hash, member_id, organization_id, started_at, last_accessed_at,
       expires_at, factors, ip_address, user_agent)
     values ($1, $2, $3, $4, $5::timestamptz, $5::timestamptz, $6::timestamptz, $7::jsonb, $8, $9)
     returning ${COLUMNS}`,
    [
      newId(db, 'member-session'),
      input.tokenHash,
      input.memberId,
      input.organizationId,
      iso(input.now),
      iso(input.expiresAt),
      JSON.stringify(input.factors),
      input.ipAddress,
      input.userAgent,
    ],
  );
  if (!row) throw new Error('insert returned no row');
  return toActive(row);
}

/** The live session this token names, read without changing it; null when unknown, revoked or expired. */
export async function findActiveMemberSession(
  db: Db,
  tokenHash: string,
  now: number,
): Promise<ActiveMemberSession | null> {
  const [row] = await db.query<MemberSessionRow>(
    `select ${COLUMNS} from member_sessions
     where token_hash = $1 and revoked_at is null and expires_at > $2::timestamptz`,
    [tokenHash, iso(now)],
  );
  return row ? toActive(row) : null;
}

/**
 * The live session this token names, marked used now and, when asked, given a new expiry: one UPDATE whose own
 * condition decides whether the session is still live (a revoke or expiry in between makes it answer null).
 */
export async function touchMemberSession(
  db: Db,
  tokenHash: string,
  now: number,
  expiresAt?: number,
): Promise<ActiveMemberSession | null> {
  const [row] = await db.query<MemberSessionRow>(
    `update member_sessions set last_accessed_at = $2::timestamptz, expires_at = coalesce($3::timestamptz, expires_at)
     where token_hash = $1 and revoked_at is null and expires_at > $2::timestamptz returning ${COLUMNS}`,
    [tokenHash, iso(now), expiresAt === undefined ? null : iso(expiresAt)],
  );
  return row ? toActive(row) : null;
}

export async function revokeMemberSession(db: Db, sessionId: string, now: number): Promise<void> {
  await db.query('update member_sessions set revoked_at = $2::timestamptz where id = $1 and revoked_at is null', [
    sessionId,
    iso(now),
  ]);
}

function toActive(row: MemberSessionRow): ActiveMemberSession {
  return {
    id: row.id,
    memberId: row.member_id,
    organizationId: row.organization_id,
    startedAt: iso(row.started_at),
    lastAccessedAt: iso(row.last_accessed_at),
    expiresAt: iso(row.expires_at),
    factors: row.factors,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
  };
}
