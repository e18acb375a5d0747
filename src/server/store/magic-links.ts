import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

export interface MagicLinkRow {
  id: string;
  user_id: string;
  /** A user_emails id, or a pending contact's for a link from send/secondary. */
  email_id: string;
  /** The session a send/secondary link is bound to; null for a sign-in link. */
  session_id: string | null;
  code_challenge: string | null;
  redirect_url: string;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertMagicLink(
  db: Db,
  input: {
    tokenHash: string;
    userId: string;
    emailId: string;
    sessionId: string | null;
    codeChallenge: string | null;
    redirectUrl: string;
    now: number;
    expiresAt: number;
  },
): Promise<void> {
  await db.query(
    `insert into magic_links (id, token_hash, user_id, email_id, session_id, code_challenge, redirect_url, created_at,
       expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::timestamptz)`,
    [
      newId(db, 'magic-link'),
      input.tokenHash,
      input.userId,
      input.emailId,
      input.sessionId,
      input.codeChallenge,
      input.redirectUrl,
      iso(input.now),
      iso(input.expiresAt),
    ],
  );
}

/** A link that can still be used at `now` (not used, not expired), without consuming it. */
export async function findUsableMagicLink(db: Db, tokenHash: string, now: number): Promise<MagicLinkRow | null> {
  const [row] = await db.query<MagicLinkRow>(
    `select id, user_id, email_id, session_id, code_challenge, redirect_url, expires_at, used_at from magic_links
     where token_hash = $1 and used_at is null and expires_at > $2::timestamptz`,
    [tokenHash, iso(now)],
  );
  return row ?? null;
}

/**
 * Uses the link up. One conditional UPDATE is the single point of truth: of two concurrent requests with the
 * same token, exactly one gets the row back.
 */
export async function consumeMagicLink(db: Db, tokenHash: string, now: number): Promise<MagicLinkRow | null> {
  const [row] = await db.query<MagicLinkRow>(
    `update magic_links set used_at = $2::timestamptz
     where token_hash = $1 and used_at is null and expires_at > $2::timestamptz
     returning id, user_id, email_id, session_id, code_challenge, redirect_url, expires_at, used_at`,
    [tokenHash, iso(now)],
  );
  return row ?? null;
}
