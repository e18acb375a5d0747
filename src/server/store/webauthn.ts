// WebAuthn registrations and ceremony challenges (migration 009). Every decision that must hold under concurrency is
// one statement here: a challenge is used by DELETE ... RETURNING (once, ever), a credential id is claimed by the
// unique constraint (on conflict do nothing), and a counter moves only forward by a conditional UPDATE.
import type { WebAuthnRegistration } from '../../api/user.ts';
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

export type WebAuthnChallengeKind = 'register' | 'authenticate';

export interface WebAuthnChallengeRow {
  kind: WebAuthnChallengeKind;
  user_id: string | null;
  rp_id: string;
  require_user_verification: boolean;
  user_handle: string | null;
  authenticator_type: string | null;
  user_agent: string | null;
}

export interface WebAuthnRegistrationRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  /** bigint comes back as text from both drivers. */
  counter: string | number;
  transports: string;
  user_handle: string;
  authenticator_type: string;
  user_agent: string;
  domain: string;
  name: string;
  verified: boolean;
}

export async function insertChallenge(
  db: Db,
  input: WebAuthnChallengeRow & { challengeHash: string; now: number; expiresAt: number },
): Promise<void> {
  // Expired challenges of anyone are swept on the way: they can never be used, and the table stays small.
  await db.query('delete from webauthn_challenges where expires_at <= $1::timestamptz', [iso(input.now)]);
  await db.query(
    `insert into webauthn_challenges (challenge_hash, kind, user_id, rp_id, require_user_verification, user_handle,
       authenticator_type, user_agent, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10::timestamptz)`,
    [
      input.challengeHash,
      input.kind,
      input.user_id,
      input.rp_id,
      input.require_user_verification,
      input.user_handle,
      input.authenticator_type,
      input.user_agent,
      iso(input.now),
      iso(input.expiresAt),
    ],
  );
}

/**
 * Uses the challenge: deleted and returned if it exists, is of this kind and has not expired; null otherwise. Of two
 * requests carrying the same challenge exactly one gets the row.
 */
export async function consumeChallenge(
  db: Db,
  input: { challengeHash: string; kind: WebAuthnChallengeKind; now: number },
): Promise<WebAuthnChallengeRow | null> {
  const [row] = await db.query<WebAuthnChallengeRow>(
    `delete from webauthn_challenges where challenge_hash = $1 and kind = $2 and expires_at > $3::timestamptz
     returning kind, user_id, rp_id, require_user_verification, user_handle, authenticator_type, user_agent`,
    [input.challengeHash, input.kind, iso(input.now)],
  );
  return row ?? null;
}

/** The new registration's id, or null when the credential id is already registered (to anyone). */
export async function insertRegistration(
  db: Db,
  input: Omit<WebAuthnRegistrationRow, 'id' | 'verified' | 'counter'> & { counter: number; now: number },
): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `insert into webauthn_registrations (id, user_id, credential_id, public_key, counter, transports, user_handle,
       authenticator_type, user_agent, domain, name, verified, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, true, $12::timestamptz)
     on conflict (credential_id) do nothing returning id`,
    [
      newId(db, 'webauthn-registration'),
      input.user_id,
      input.credential_id,
      input.public_key,
      input.counter,
      input.transports,
      input.user_handle,
      input.authenticator_type,
      input.user_agent,
      input.domain,
      input.name,
      iso(input.now),
    ],
  );
  return row?.id ?? null;
}

export async function findRegistrationByCredentialId(
  db: Db,
  credentialId: string,
): Promise<WebAuthnRegistrationRow | null> {
  const [row] = await db.query<WebAuthnRegistrationRow>(
    'select * from webauthn_registrations where credential_id = $1',
    [credentialId],
  );
  return row ?? null;
}

export async function userRegistrations(db: Db, userId: string): Promise<WebAuthnRegistrationRow[]> {
  return db.query<WebAuthnRegistrationRow>(
    'select * from webauthn_registrations where user_id = $1 order by created_at, id',
    [userId],
  );
}

/**
 * Records the counter of a verified assertion, only if it moved forward from the value the check saw (or both are
 * 0: an authenticator that does not count). False: a concurrent assertion got there first, or the registration is
 * gone; the caller refuses the assertion.
 */
export async function advanceCounter(db: Db, input: { id: string; seen: number; next: number }): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update webauthn_registrations set counter = $3::bigint
     where id = $1 and counter = $2::bigint
       and ($3::bigint > $2::bigint or ($3::bigint = 0 and $2::bigint = 0)) returning id`,
    [input.id, input.seen, input.next],
  );
  return rows.length === 1;
}

/** Renames the user's own registration; null when the user has none with this id. */
export async function renameRegistration(
  db: Db,
  input: { id: string; userId: string; name: string },
): Promise<WebAuthnRegistrationRow | null> {
  const [row] = await db.query<WebAuthnRegistrationRow>(
    'update webauthn_registrations set name = $3 where id = $1 and user_id = $2 returning *',
    [input.id, input.userId, input.name],
  );
  return row ?? null;
}

/** The wire shape (wire contract 2.2). */
export function toWireRegistration(row: WebAuthnRegistrationRow): WebAuthnRegistration {
  return {
    webauthn_registration_id: row.id,
    domain: row.domain,
    user_agent: row.user_agent,
    authenticator_type: row.authenticator_type,
    verified: row.verified,
    name: row.name,
  };
}
