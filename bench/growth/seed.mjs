// The growth bench's data: N users written straight into the service's tables with set-based SQL (one
// `insert … select … from generate_series` per table), in the columns and formats the service's stores write: ids as
// newId makes them in development (`user-test-<uuid>`), addresses lower-cased, token columns the SHA-256 hex digest of
// the token (security/tokens.ts hashToken), passwords the Argon2id PHC string the service made for PASSWORD.
//
// User i (1 ≤ i ≤ N) has the address `emailOf(i)` (seven in ten verified), one live session whose token is
// `sessionTokenOf(i)`, two expired sessions and one used, expired magic link; every second user a password
// (PASSWORD), every fifth a passkey, every tenth an expired password-reset link. Works on PostgreSQL and on the
// embedded database (PGlite): both have generate_series, gen_random_uuid and sha256.
import { createHash } from 'node:crypto';

/** The password of every seeded user who has one (strong enough for the default policy). */
export const PASSWORD = 'growth-bench-Correct-Horse-7';
/** When the seeded rows were made: a year of history before the run, so none of them is new. */
const HISTORY_DAYS = 365;

const hex = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

export const emailOf = (i) => `user-${i}@growth.example`;
/** A 64-character token, as random-looking as a real one; the database holds hashToken(token) = sha256(token). */
export const sessionTokenOf = (i) => hex(`growth-session-${i}`);
export const hasPassword = (i) => i % 2 === 0;

/** `hex('…' || i)` in SQL, as `hex` above computes it in JavaScript. */
const sqlHex = (expression) => `encode(sha256(convert_to(${expression}, 'UTF8')), 'hex')`;
const id = (kind) => `'${kind}-test-' || gen_random_uuid()`;
/**
 * User i's id and address id: newId's format, the uuid derived from i, so every table names them without a join (a
 * join against a table just written, before ANALYZE, may be planned as a nested loop over both).
 */
const userId = `'user-test-' || md5('growth-user-' || i)::uuid`;
const emailId = `'email-test-' || md5('growth-email-' || i)::uuid`;
const email = `'user-' || i || '@growth.example'`;

/** The statements, in order: users first (everything else references them), ANALYZE last. */
export function seedStatements(n, passwordHash) {
  const series = `generate_series(1, ${n}) as i`;
  const past = `(now() - interval '${HISTORY_DAYS} days' + (i % ${HISTORY_DAYS}) * interval '1 day')`;
  const factors = `jsonb_build_array(jsonb_build_object('type', 'magic_link', 'delivery_method', 'email',
      'last_authenticated_at', to_char(${past} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'email_factor', jsonb_build_object('email_id', ${emailId}, 'email_address', ${email})))`;
  return [
    `insert into users (id, status, first_name, last_name, created_at)
       select ${userId}, 'active', 'Student', 'Number ' || i, ${past} from ${series}`,
    `insert into user_emails (id, user_id, email, verified, created_at)
       select ${emailId}, ${userId}, ${email}, i % 10 < 7, ${past}
       from ${series}`,
    // The live session of each user (expires a year after the run starts), then two expired ones.
    `insert into sessions (id, token_hash, user_id, started_at, last_accessed_at, expires_at, factors, ip_address,
         user_agent)
       select ${id('session')}, ${sqlHex(sqlHex(`'growth-session-' || i`))}, ${userId}, ${past}, ${past},
         now() + interval '365 days', ${factors}, '203.0.113.' || (i % 250), 'Mozilla/5.0 (growth bench)'
       from ${series}`,
    `insert into sessions (id, token_hash, user_id, started_at, last_accessed_at, expires_at, factors, ip_address,
         user_agent)
       select ${id('session')}, ${sqlHex(`'growth-expired-' || i || '-' || k`)}, ${userId}, ${past}, ${past},
         ${past} + interval '1 hour', ${factors}, '203.0.113.' || (i % 250), 'Mozilla/5.0 (growth bench)'
       from ${series} cross join generate_series(1, 2) as k`,
    `insert into magic_links (id, token_hash, user_id, email_id, redirect_url, created_at, expires_at, used_at)
       select ${id('magic-link')}, ${sqlHex(`'growth-link-' || i`)}, ${userId}, ${emailId},
         'http://localhost:8787/student-portal', ${past}, ${past} + interval '1 hour', ${past}
       from ${series}`,
    `insert into password_resets (id, token_hash, user_id, email_id, created_at, expires_at)
       select ${id('password-reset')}, ${sqlHex(`'growth-reset-' || i`)}, ${userId}, ${emailId}, ${past},
         ${past} + interval '30 minutes'
       from ${series} where i % 10 = 0`,
    `insert into user_passwords (id, user_id, password_hash, created_at, updated_at)
       select ${id('password')}, ${userId}, '${passwordHash}', ${past}, ${past}
       from ${series} where i % 2 = 0`,
    `insert into webauthn_registrations (id, user_id, credential_id, public_key, transports, user_handle,
         authenticator_type, user_agent, domain, name, created_at)
       select ${id('webauthn-registration')}, ${userId},
         translate(encode(sha256(convert_to('growth-credential-' || i, 'UTF8')), 'base64'), '+/=', '-_'),
         translate(encode(sha256(convert_to('growth-key-' || i, 'UTF8')), 'base64'), '+/=', '-_'),
         'internal,hybrid', translate(encode(convert_to('growth-' || i, 'UTF8'), 'base64'), '+/=', '-_'),
         'platform', 'Mozilla/5.0 (growth bench)', 'localhost', 'Passkey', ${past}
       from ${series} where i % 5 = 0`,
    'analyze',
  ];
}
