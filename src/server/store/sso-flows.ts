// The moving parts of an SSO sign-in: the state between our start and the IdP's answer, the sso token the visitor
// brings back to the site, the SAML assertion ids already accepted, and which external identity is which member.
// Every single-use thing is used up by one conditional statement, so of two parallel requests exactly one wins, on any
// number of instances.
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

// ---- states ----

export interface SsoStateRow {
  id: string;
  connection_id: string;
  code_challenge: string | null;
  login_redirect_url: string;
  signup_redirect_url: string;
}

const STATE_COLUMNS = 'id, connection_id, code_challenge, login_redirect_url, signup_redirect_url';

export async function insertSsoState(
  db: Db,
  input: {
    stateHash: string;
    /** SAML: the digest of the AuthnRequest ID; null for OIDC. */
    requestIdHash: string | null;
    connectionId: string;
    codeChallenge: string | null;
    loginRedirectUrl: string;
    signupRedirectUrl: string;
    now: number;
    expiresAt: number;
  },
): Promise<void> {
  await db.query(
    `insert into sso_states (id, state_hash, request_id_hash, connection_id, code_challenge, login_redirect_url,
       signup_redirect_url, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::timestamptz)`,
    [
      newId(db, 'sso-state'),
      input.stateHash,
      input.requestIdHash,
      input.connectionId,
      input.codeChallenge,
      input.loginRedirectUrl,
      input.signupRedirectUrl,
      iso(input.now),
      iso(input.expiresAt),
    ],
  );
}

/**
 * Uses up the live state of this connection with this digest (and, for SAML, this request id digest too): the answer
 * must come back to the connection it was started for, within its lifetime, once.
 */
export async function consumeSsoState(
  db: Db,
  input: { stateHash: string; connectionId: string; requestIdHash: string | null; now: number },
): Promise<SsoStateRow | null> {
  const [row] = await db.query<SsoStateRow>(
    `update sso_states set used_at = $4::timestamptz
     where state_hash = $1 and connection_id = $2 and request_id_hash is not distinct from $3
       and used_at is null and expires_at > $4::timestamptz
     returning ${STATE_COLUMNS}`,
    [input.stateHash, input.connectionId, input.requestIdHash, iso(input.now)],
  );
  return row ?? null;
}

// ---- sso tokens ----

export interface SsoTokenRow {
  id: string;
  connection_id: string;
  organization_id: string;
  email: string;
  name: string;
  external_id: string;
  code_challenge: string | null;
}

const TOKEN_COLUMNS = 'id, connection_id, organization_id, email, name, external_id, code_challenge';

export async function insertSsoToken(
  db: Db,
  input: Omit<SsoTokenRow, 'id'> & { tokenHash: string; now: number; expiresAt: number },
): Promise<void> {
  await db.query(
    `insert into sso_tokens (id, token_hash, connection_id, organization_id, email, name, external_id,
       code_challenge, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10::timestamptz)`,
    [
      newId(db, 'sso-token'),
      input.tokenHash,
      input.connection_id,
      input.organization_id,
      input.email,
      input.name,
      input.external_id,
      input.code_challenge,
      iso(input.now),
      iso(input.expiresAt),
    ],
  );
}

/** The token if it can still be used (to check its PKCE challenge before using it up). */
export async function findUsableSsoToken(db: Db, tokenHash: string, now: number): Promise<SsoTokenRow | null> {
  const [row] = await db.query<SsoTokenRow>(
    `select ${TOKEN_COLUMNS} from sso_tokens
     where token_hash = $1 and used_at is null and expires_at > $2::timestamptz`,
    [tokenHash, iso(now)],
  );
  return row ?? null;
}

export async function consumeSsoToken(db: Db, tokenHash: string, now: number): Promise<SsoTokenRow | null> {
  const [row] = await db.query<SsoTokenRow>(
    `update sso_tokens set used_at = $2::timestamptz
     where token_hash = $1 and used_at is null and expires_at > $2::timestamptz
     returning ${TOKEN_COLUMNS}`,
    [tokenHash, iso(now)],
  );
  return row ?? null;
}

// ---- SAML replay ----

/**
 * Records an accepted assertion id; false when the connection already accepted it. The primary key decides: of two
 * parallel posts of one assertion, the second insert waits for the first and then finds the row.
 */
export async function recordSamlAssertion(
  db: Db,
  input: { connectionId: string; assertionId: string; expiresAt: number },
): Promise<boolean> {
  const rows = await db.query(
    `insert into sso_saml_assertions (connection_id, assertion_id, expires_at) values ($1, $2, $3::timestamptz)
     on conflict do nothing returning assertion_id`,
    [input.connectionId, input.assertionId, iso(input.expiresAt)],
  );
  return rows.length === 1;
}

// ---- registrations ----

/** Links the IdP's identity to the member it signed in as (moved to this member if it named another before). */
export async function upsertSsoRegistration(
  db: Db,
  input: { connectionId: string; externalId: string; memberId: string; now: number },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into member_sso_registrations (id, connection_id, external_id, member_id, created_at)
     values ($1, $2, $3, $4, $5::timestamptz)
     on conflict (connection_id, external_id) do update set member_id = excluded.member_id
     returning id`,
    [newId(db, 'sso-registration'), input.connectionId, input.externalId, input.memberId, iso(input.now)],
  );
  if (!row) throw new Error('the SSO registration upsert returned no row');
  return row.id;
}

/** The wire's `member.sso_registrations` of one member. */
export async function ssoRegistrationsOf(
  db: Db,
  memberId: string,
): Promise<{ connection_id: string; external_id: string; registration_id: string }[]> {
  return db.query(
    `select connection_id, external_id, id as registration_id from member_sso_registrations
     where member_id = $1 order by created_at, id`,
    [memberId],
  );
}

// ---- sweeping ----

/**
 * Deletes up to `batch` expired rows of each table (states, tokens, replay rows): they can never be used again, and
 * a replay row is only kept until the assertion itself has expired.
 */
export async function sweepExpiredSso(db: Db, now: number, batch: number): Promise<void> {
  for (const table of ['sso_states', 'sso_tokens', 'sso_saml_assertions']) {
    await db.query(
      `delete from ${table} where ctid in (select ctid from ${table} where expires_at <= $1::timestamptz limit $2)`,
      [iso(now), batch],
    );
  }
}

/** The members who signed in through a connection, most recent first (development's stand-ins offer them). */
export async function recentSsoMembers(
  db: Db,
  connectionId: string,
  limit: number,
): Promise<{ email: string; name: string }[]> {
  return db.query(
    `select m.email, m.name from member_sso_registrations r join members m on m.id = r.member_id
     where r.connection_id = $1 and m.status <> 'deleted' order by r.created_at desc, r.id limit $2`,
    [connectionId, limit],
  );
}
