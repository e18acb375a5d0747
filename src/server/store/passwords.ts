import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

export interface PasswordRow {
  id: string;
  user_id: string;
  /** Our Argon2id hash; '' while the password is still the imported hash below (store/imported-passwords.ts). */
  password_hash: string;
  requires_reset: boolean;
  imported_hash_type: string | null;
  imported_hash: string | null;
}

export async function findPassword(db: Db, userId: string): Promise<PasswordRow | null> {
  const [row] = await db.query<PasswordRow>(
    `select id, user_id, password_hash, requires_reset, imported_hash_type, imported_hash from user_passwords
     where user_id = $1`,
    [userId],
  );
  return row ?? null;
}

/**
 * Sets the user's password (creating or replacing it); a new password never requires a reset, and replaces an
 * imported hash not yet used.
 */
export async function setPassword(db: Db, input: { userId: string; passwordHash: string; now: number }): Promise<void> {
  await db.query(
    `insert into user_passwords (id, user_id, password_hash, requires_reset, created_at, updated_at)
     values ($1, $2, $3, false, $4::timestamptz, $4::timestamptz)
     on conflict (user_id) do update set password_hash = excluded.password_hash, requires_reset = false,
       imported_hash_type = null, imported_hash = null, updated_at = excluded.updated_at`,
    [newId(db, 'password'), input.userId, input.passwordHash, iso(input.now)],
  );
}

/** A breached password found at login: it stops signing the user in until it is reset. */
export async function requirePasswordReset(db: Db, userId: string): Promise<void> {
  await db.query('update user_passwords set requires_reset = true where user_id = $1', [userId]);
}

export interface PasswordResetRow {
  id: string;
  user_id: string;
  email_id: string;
  code_challenge: string | null;
}

const RESET_COLUMNS = 'id, user_id, email_id, code_challenge';

export async function insertPasswordReset(
  db: Db,
  input: {
    tokenHash: string;
    userId: string;
    emailId: string;
    codeChallenge: string | null;
    now: number;
    expiresAt: number;
  },
): Promise<void> {
  await db.query(
    `insert into password_resets (id, token_hash, user_id, email_id, code_challenge, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6::timestamptz, $7::timestamptz)`,
    [
      newId(db, 'password-reset'),
      input.tokenHash,
      input.userId,
      input.emailId,
      input.codeChallenge,
      iso(input.now),
      iso(input.expiresAt),
    ],
  );
}

/** A reset that can still be used at `now` (not used, not expired), without consuming it. */
export async function findUsablePasswordReset(
  db: Db,
  tokenHash: string,
  now: number,
): Promise<PasswordResetRow | null> {
  const [row] = await db.query<PasswordResetRow>(
    `select ${RESET_COLUMNS} from password_resets
     where token_hash = $1 and used_at is null and expires_at > $2::timestamptz`,
    [tokenHash, iso(now)],
  );
  return row ?? null;
}

/** Uses the reset up: one conditional UPDATE, so of two concurrent requests with the same token exactly one wins. */
export async function consumePasswordReset(db: Db, tokenHash: string, now: number): Promise<PasswordResetRow | null> {
  const [row] = await db.query<PasswordResetRow>(
    `update password_resets set used_at = $2::timestamptz
     where token_hash = $1 and used_at is null and expires_at > $2::timestamptz returning ${RESET_COLUMNS}`,
    [tokenHash, iso(now)],
  );
  return row ?? null;
}

/**
 * An email reset proves the address: the user's lock ends with it, and so do the failures behind it (attempts are
 * reserved against them, so leaving them would keep refusing the owner until they leave the window).
 */
export async function clearUserLock(db: Db, userId: string): Promise<void> {
  await db.query('update users set locked_until = null where id = $1', [userId]);
  await db.query('delete from auth_failures where user_id = $1', [userId]);
}
