// Social sign-in rows: registrations, states, oauth tokens and One Tap callback ids. Each single-use secret is used
// up by one conditional UPDATE, so of two concurrent requests with the same secret exactly one succeeds.
import type { OAuthProvider, OAuthProviderValues } from '../../api/oauth.ts';
import type { UserOAuthProvider } from '../../api/user.ts';
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { providerType } from '../security/oauth-providers.ts';
import { iso } from './time.ts';

// ---- registrations ----

export interface RegistrationRow {
  id: string;
  user_id: string;
  provider: OAuthProvider;
  provider_subject: string;
  email_id: string | null;
  profile_picture_url: string;
  locale: string;
}

export async function findRegistration(
  db: Db,
  provider: OAuthProvider,
  subject: string,
): Promise<RegistrationRow | null> {
  const [row] = await db.query<RegistrationRow>(
    'select * from oauth_registrations where provider = $1 and provider_subject = $2',
    [provider, subject],
  );
  return row ?? null;
}

export async function findRegistrationById(db: Db, id: string): Promise<RegistrationRow | null> {
  const [row] = await db.query<RegistrationRow>('select * from oauth_registrations where id = $1', [id]);
  return row ?? null;
}

export interface RegistrationInput {
  userId: string;
  provider: OAuthProvider;
  subject: string;
  emailId: string | null;
  email: string;
  name: string;
  pictureUrl: string;
  locale: string;
  devIdentity: boolean;
  now: number;
}

/** Records the registration, or refreshes the provider's profile claims on the one (provider, subject) already has. */
export async function upsertRegistration(db: Db, input: RegistrationInput): Promise<RegistrationRow> {
  const [row] = await db.query<RegistrationRow>(
    `insert into oauth_registrations (id, user_id, provider, provider_subject, email_id, email, name,
       profile_picture_url, locale, dev_identity, created_at, last_used_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::timestamptz, $11::timestamptz)
     on conflict (provider, provider_subject) do update set
       email_id = coalesce(excluded.email_id, oauth_registrations.email_id), email = excluded.email,
       name = excluded.name, profile_picture_url = excluded.profile_picture_url, locale = excluded.locale,
       last_used_at = excluded.last_used_at
     returning *`,
    [
      newId(db, 'oauth-user-registration'),
      input.userId,
      input.provider,
      input.subject,
      input.emailId,
      input.email,
      input.name,
      input.pictureUrl,
      input.locale,
      input.devIdentity,
      iso(input.now),
    ],
  );
  if (!row) throw new Error('upsert returned no registration');
  return row;
}

/** `user.providers` of the wire contract, oldest registration first. */
export async function listUserProviders(db: Db, userId: string): Promise<UserOAuthProvider[]> {
  const rows = await db.query<RegistrationRow>(
    'select * from oauth_registrations where user_id = $1 order by created_at, id',
    [userId],
  );
  return rows.map(toWireProvider);
}

/** A social registration as the User shows it (wire contract 2.2). */
export function toWireProvider(
  row: Pick<RegistrationRow, 'id' | 'provider' | 'provider_subject' | 'profile_picture_url' | 'locale'>,
): UserOAuthProvider {
  return {
    oauth_user_registration_id: row.id,
    provider_subject: row.provider_subject,
    provider_type: providerType(row.provider),
    profile_picture_url: row.profile_picture_url,
    locale: row.locale,
  };
}

/** Identities the dev identity provider issued, most recently used first, for its one-click list. */
export async function recentDevIdentities(db: Db, limit: number): Promise<{ email: string; name: string }[]> {
  return db.query<{ email: string; name: string }>(
    `select email, max(name) as name from oauth_registrations
     where dev_identity and email <> '' group by email order by max(last_used_at) desc limit $1`,
    [limit],
  );
}

// ---- states ----

export interface StateRow {
  provider: OAuthProvider;
  code_challenge: string | null;
  login_redirect_url: string;
  signup_redirect_url: string;
  scopes: string;
  nonce: string;
  provider_code_verifier: string;
}

export interface StateInput extends StateRow {
  stateHash: string;
  now: number;
  expiresAt: number;
}

const STATE_COLUMNS =
  'provider, code_challenge, login_redirect_url, signup_redirect_url, scopes, nonce, provider_code_verifier';

export async function insertState(db: Db, input: StateInput): Promise<void> {
  await db.query(
    `insert into oauth_states (id, state_hash, ${STATE_COLUMNS}, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::timestamptz, $11::timestamptz)`,
    [
      newId(db, 'oauth-state'),
      input.stateHash,
      input.provider,
      input.code_challenge,
      input.login_redirect_url,
      input.signup_redirect_url,
      input.scopes,
      input.nonce,
      input.provider_code_verifier,
      iso(input.now),
      iso(input.expiresAt),
    ],
  );
}

/** A state that can still be used at `now`, without using it (the dev sign-in page shows it first). */
export async function findUsableState(db: Db, stateHash: string, now: number): Promise<StateRow | null> {
  const [row] = await db.query<StateRow>(
    `select ${STATE_COLUMNS} from oauth_states
     where state_hash = $1 and used_at is null and expires_at > $2::timestamptz`,
    [stateHash, iso(now)],
  );
  return row ?? null;
}

export async function consumeState(db: Db, stateHash: string, now: number): Promise<StateRow | null> {
  const [row] = await db.query<StateRow>(
    `update oauth_states set used_at = $2::timestamptz
     where state_hash = $1 and used_at is null and expires_at > $2::timestamptz returning ${STATE_COLUMNS}`,
    [stateHash, iso(now)],
  );
  return row ?? null;
}

// ---- oauth tokens ----

export interface TokenRow {
  user_id: string;
  registration_id: string;
  code_challenge: string | null;
  provider_values: OAuthProviderValues;
}

export async function insertOAuthToken(
  db: Db,
  input: {
    tokenHash: string;
    userId: string;
    registrationId: string;
    codeChallenge: string | null;
    providerValues: OAuthProviderValues;
    now: number;
    expiresAt: number;
  },
): Promise<void> {
  await db.query(
    `insert into oauth_tokens
       (id, token_hash, user_id, registration_id, code_challenge, provider_values, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::timestamptz, $8::timestamptz)`,
    [
      newId(db, 'oauth-token'),
      input.tokenHash,
      input.userId,
      input.registrationId,
      input.codeChallenge,
      JSON.stringify(input.providerValues),
      iso(input.now),
      iso(input.expiresAt),
    ],
  );
}

export async function findUsableOAuthToken(db: Db, tokenHash: string, now: number): Promise<TokenRow | null> {
  const [row] = await db.query<TokenRow>(
    `select user_id, registration_id, code_challenge, provider_values from oauth_tokens
     where token_hash = $1 and used_at is null and expires_at > $2::timestamptz`,
    [tokenHash, iso(now)],
  );
  return row ?? null;
}

/** Uses the token up and forgets the provider's tokens in the same statement; returns them one last time. */
export async function consumeOAuthToken(db: Db, tokenHash: string, now: number): Promise<TokenRow | null> {
  const [row] = await db.query<TokenRow>(
    `update oauth_tokens t set used_at = $2::timestamptz, provider_values = '{}'::jsonb
     from (select id, provider_values from oauth_tokens where token_hash = $1 for update) old
     where t.id = old.id and t.used_at is null and t.expires_at > $2::timestamptz
     returning t.user_id, t.registration_id, t.code_challenge, old.provider_values`,
    [tokenHash, iso(now)],
  );
  return row ?? null;
}

// ---- One Tap callback ids ----

export async function insertOneTapCallback(
  db: Db,
  input: { callbackHash: string; now: number; expiresAt: number },
): Promise<void> {
  await db.query(
    `insert into oauth_callbacks (id, callback_hash, created_at, expires_at)
     values ($1, $2, $3::timestamptz, $4::timestamptz)`,
    [newId(db, 'oauth-callback'), input.callbackHash, iso(input.now), iso(input.expiresAt)],
  );
}

export async function isUsableOneTapCallback(db: Db, callbackHash: string, now: number): Promise<boolean> {
  const rows = await db.query(
    'select 1 from oauth_callbacks where callback_hash = $1 and used_at is null and expires_at > $2::timestamptz',
    [callbackHash, iso(now)],
  );
  return rows.length > 0;
}

export async function consumeOneTapCallback(db: Db, callbackHash: string, now: number): Promise<boolean> {
  const rows = await db.query(
    `update oauth_callbacks set used_at = $2::timestamptz
     where callback_hash = $1 and used_at is null and expires_at > $2::timestamptz returning id`,
    [callbackHash, iso(now)],
  );
  return rows.length > 0;
}
