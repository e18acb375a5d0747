import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

/** A discovery link or passcode (no organization), or a login or sign-up link into one organization. */
export type MemberEmailTokenKind = 'discovery_link' | 'login_link' | 'discovery_otp';

export interface MemberEmailTokenRow {
  id: string;
  kind: MemberEmailTokenKind;
  email: string;
  organization_id: string | null;
  code_challenge: string | null;
  attempts: number;
  expires_at: Date;
}

const COLUMNS = 'id, kind, email, organization_id, code_challenge, attempts, expires_at';

export async function insertMemberEmailToken(
  db: Db,
  row: {
    kind: MemberEmailTokenKind;
    tokenHash: string;
    email: string;
    organizationId: string | null;
    codeChallenge: string | null;
    redirectUrl: string;
    now: number;
    expiresAt: number;
  },
): Promise<void> {
  await db.query(
    `insert into member_email_tokens (id, kind, token_hash, email, organization_id, code_challenge, redirect_url,
       created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::timestamptz)`,
    [
      newId(db, 'member-email-token'),
      row.kind,
      row.tokenHash,
      row.email,
      row.organizationId,
      row.codeChallenge,
      row.redirectUrl,
      iso(row.now),
      iso(row.expiresAt),
    ],
  );
}

/** The live link of this kind with this digest, unused (to check its PKCE challenge before using it up). */
export async function findUsableEmailLink(
  db: Db,
  kind: MemberEmailTokenKind,
  tokenHash: string,
  now: number,
): Promise<MemberEmailTokenRow | null> {
  const [row] = await db.query<MemberEmailTokenRow>(
    `select ${COLUMNS} from member_email_tokens
     where kind = $1 and token_hash = $2 and used_at is null and expires_at > $3::timestamptz`,
    [kind, tokenHash, iso(now)],
  );
  return row ?? null;
}

/**
 * Uses the link up. One conditional UPDATE decides: of two parallel uses of one link exactly one gets the row, and a
 * used or expired link never matches.
 */
export async function consumeEmailLink(
  db: Db,
  kind: MemberEmailTokenKind,
  tokenHash: string,
  now: number,
): Promise<MemberEmailTokenRow | null> {
  const [row] = await db.query<MemberEmailTokenRow>(
    `update member_email_tokens set used_at = $3::timestamptz
     where kind = $1 and token_hash = $2 and used_at is null and expires_at > $3::timestamptz returning ${COLUMNS}`,
    [kind, tokenHash, iso(now)],
  );
  return row ?? null;
}

/**
 * Uses the newest passcode of this kind sent to the address, if `codeHash` is its digest and it is live (unused,
 * unexpired, under `maxAttempts` wrong tries). Only the newest counts, so sending again retires the older codes.
 */
export async function consumeEmailPasscode(
  db: Db,
  input: { kind: MemberEmailTokenKind; email: string; codeHash: string; now: number; maxAttempts: number },
): Promise<MemberEmailTokenRow | null> {
  const [row] = await db.query<MemberEmailTokenRow>(
    `update member_email_tokens set used_at = $4::timestamptz
     where id = (select id from member_email_tokens where kind = $1 and email = $2 order by created_at desc, id limit 1)
       and token_hash = $3 and used_at is null and expires_at > $4::timestamptz and attempts < $5
     returning ${COLUMNS}`,
    [input.kind, input.email, input.codeHash, iso(input.now), input.maxAttempts],
  );
  return row ?? null;
}

/** Counts a wrong guess against the address's newest live passcode of this kind; at the limit it is dead. */
export async function countWrongPasscode(
  db: Db,
  input: { kind: MemberEmailTokenKind; email: string; now: number },
): Promise<void> {
  await db.query(
    `update member_email_tokens set attempts = attempts + 1
     where id = (select id from member_email_tokens where kind = $1 and email = $2 order by created_at desc, id limit 1)
       and used_at is null and expires_at > $3::timestamptz`,
    [input.kind, input.email, iso(input.now)],
  );
}
