import type { MemberAuthenticationFactor } from '../../api/organizations.ts';
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

/**
 * Ten minutes between factors: a proven address (discovery: organization and member null) or a member that passed
 * the first factor and still needs another (MFA, or a primary factor the organization accepts).
 */
export interface IntermediateSessionRow {
  id: string;
  email: string;
  organization_id: string | null;
  member_id: string | null;
  /** The factors proven so far, in order. */
  factors: MemberAuthenticationFactor[];
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

const COLUMNS = 'id, email, organization_id, member_id, factors, created_at, expires_at, used_at';

export async function insertIntermediateSession(
  db: Db,
  row: {
    tokenHash: string;
    email: string;
    organizationId: string | null;
    memberId: string | null;
    factors: MemberAuthenticationFactor[];
    now: number;
    expiresAt: number;
  },
): Promise<IntermediateSessionRow> {
  const [inserted] = await db.query<IntermediateSessionRow>(
    `insert into intermediate_sessions (id, token_hash, email, organization_id, member_id, factors, created_at,
       expires_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::timestamptz, $8::timestamptz) returning ${COLUMNS}`,
    [
      newId(db, 'intermediate-session'),
      row.tokenHash,
      row.email,
      row.organizationId,
      row.memberId,
      JSON.stringify(row.factors),
      iso(row.now),
      iso(row.expiresAt),
    ],
  );
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

/**
 * Uses the intermediate session up, if it is live. One conditional UPDATE decides: of any number of parallel claims of
 * one token (on any instance) exactly one gets the row back, and a used or expired token never matches.
 */
export async function claimIntermediateSession(
  db: Db,
  tokenHash: string,
  now: number,
): Promise<IntermediateSessionRow | null> {
  const [row] = await db.query<IntermediateSessionRow>(
    `update intermediate_sessions set used_at = $2::timestamptz
     where token_hash = $1 and used_at is null and expires_at > $2::timestamptz
     returning ${COLUMNS}`,
    [tokenHash, iso(now)],
  );
  return row ?? null;
}

/** The live intermediate session without using it: for the calls that only read it (listing organizations). */
export async function peekIntermediateSession(
  db: Db,
  tokenHash: string,
  now: number,
): Promise<IntermediateSessionRow | null> {
  const [row] = await db.query<IntermediateSessionRow>(
    `select ${COLUMNS} from intermediate_sessions
     where token_hash = $1 and used_at is null and expires_at > $2::timestamptz`,
    [tokenHash, iso(now)],
  );
  return row ?? null;
}
