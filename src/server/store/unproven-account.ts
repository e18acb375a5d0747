// What the proof rule (services/proof.ts) removes from an account none of whose addresses or numbers was ever proven,
// when someone else proves one: everything that may have been put there by whoever made the account without proof.
import type { Db } from '../db/db.ts';
import { iso } from './time.ts';

/**
 * Ends every session of the user, makes the password useless until a reset (the Password Dedupe path), and deletes
 * every factor and grant except the contact `keepContactId`: the other (unproven) addresses and numbers, social
 * links, passkeys, wallets, authenticator apps with their recovery codes, connected-app and OpenID grants with the
 * codes and tokens they issued, pending contacts and the in-flight challenges, links and codes of secondary adds.
 * The user row, its id, name and metadata stay: the prover signs in to this account.
 */
export async function clearUnprovenAccount(db: Db, userId: string, keepContactId: string, now: number): Promise<void> {
  const at = iso(now);
  await db.query('update sessions set revoked_at = $2::timestamptz where user_id = $1 and revoked_at is null', [
    userId,
    at,
  ]);
  await db.query('update user_passwords set requires_reset = true where user_id = $1', [userId]);
  await db.query('delete from user_emails where user_id = $1 and id <> $2', [userId, keepContactId]);
  await db.query('delete from user_phone_numbers where user_id = $1 and id <> $2', [userId, keepContactId]);
  for (const table of [
    'oauth_registrations',
    'webauthn_registrations',
    'webauthn_challenges',
    'crypto_wallets',
    'crypto_wallet_challenges',
    'totps',
    'pending_contacts',
    'connected_app_grants',
  ]) {
    await db.query(`delete from ${table} where user_id = $1`, [userId]);
  }
  await db.query('delete from magic_links where user_id = $1 and session_id is not null', [userId]);
  await db.query('delete from otp_codes where user_id = $1 and session_id is not null', [userId]);
  await deleteOidcPayloadsOf(db, userId);
  await db.query('delete from idp_grants where user_id = $1', [userId]);
}

/**
 * oidc-provider's rows for the user (its grants' codes and tokens, its sign-in sessions at the provider): they name
 * the user inside their payload, not by a foreign key, so nothing deletes them with the user's rows.
 */
export async function deleteOidcPayloadsOf(db: Db, userId: string): Promise<void> {
  await db.query(
    `delete from oidc_payloads where grant_id in (select oidc_grant_id from idp_grants where user_id = $1)
       or (kind = 'Session' and payload->>'accountId' = $1)`,
    [userId],
  );
}

/**
 * Holds the user row until the transaction ends, so two proofs that would clear one account take turns, and so does
 * a session starting for it (lockUserShared). A path that adds a factor from a session touches that session in the
 * same transaction (store/sessions.ts touchSession locks its row): the clearing ends the session first, so the factor
 * is either added before it (and removed by it) or refused after it, never left behind by a race.
 */
export async function lockUserExclusive(db: Db, userId: string): Promise<void> {
  // Not `for update`: that would also block the key-share locks every insert of a row referencing the user takes, and
  // a factor being added (which holds its session's row) would then wait for us while we wait for its session.
  await db.query('select 1 from users where id = $1 for no key update', [userId]);
}

/**
 * Held while a session starts (services/sessions.ts): a clearing that began first is waited for, and one that begins
 * later waits, then ends the new session with the others.
 */
export async function lockUserShared(db: Db, userId: string): Promise<void> {
  await db.query('select 1 from users where id = $1 for share', [userId]);
}

/** Deletes an account the proof rule cleared and whose only contact went to the prover: nothing can sign in to it. */
export async function deleteEmptiedAccount(db: Db, userId: string): Promise<void> {
  await db.query('delete from users where id = $1', [userId]);
}
