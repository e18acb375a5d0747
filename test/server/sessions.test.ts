// Sessions: refresh and extension, revocation, /users/me, secrets at rest, and the session JWT against the JWKS.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { JWKS_PATH } from '../../src/api/paths.ts';
import {
  dataOf,
  expectError,
  get,
  inbox,
  latestToken,
  post,
  signIn,
  startTestService,
  uniqueEmail,
  type TestService,
} from './support.ts';

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

const MINUTE = 60_000;

interface AuthData {
  session_token: string;
  session_jwt: string;
  user_id: string;
  session: { session_id: string; started_at: string; last_accessed_at: string; expires_at: string };
  user: { user_id: string };
}

describe('POST /sessions/authenticate', () => {
  it('extends expires_at, updates last_accessed_at, keeps the token and issues a fresh JWT', async () => {
    const student = await signIn(t, uniqueEmail(), 30);
    t.advance(10 * MINUTE);
    const data = await dataOf<AuthData>(
      await post(t, '/sessions/authenticate', { session_duration_minutes: 60 }, { sessionToken: student.sessionToken }),
    );
    assert.equal(data.session_token, student.sessionToken);
    assert.equal(data.session.session_id, student.session.session_id);
    assert.equal(data.session.started_at, student.session.started_at);
    const lastAccessed = Date.parse(data.session.last_accessed_at);
    assert.ok(lastAccessed >= Date.parse(student.session.last_accessed_at) + 10 * MINUTE);
    assert.equal(Date.parse(data.session.expires_at), lastAccessed + 60 * MINUTE);
    assert.ok(Date.parse(data.session.expires_at) > Date.parse(student.session.expires_at));
    assert.notEqual(data.session_jwt, student.sessionJwt);
    assert.equal(data.user_id, student.userId);
  });

  it('without a duration (the background refresh sends {}) keeps expires_at and touches last_accessed_at', async () => {
    const student = await signIn(t);
    t.advance(MINUTE);
    const data = await dataOf<AuthData>(
      await post(t, '/sessions/authenticate', {}, { sessionToken: student.sessionToken }),
    );
    assert.equal(data.session.expires_at, student.session.expires_at);
    assert.ok(Date.parse(data.session.last_accessed_at) > Date.parse(student.session.last_accessed_at));
  });

  it('no session → 401 user_unauthenticated', async () => {
    await expectError(
      await post(t, '/sessions/authenticate', {}),
      401,
      'user_unauthenticated',
      'Must have an active session to call this method. Have you logged in yet?',
    );
  });

  it('an unknown session token → 404 session_not_found', async () => {
    await expectError(
      await post(t, '/sessions/authenticate', {}, { sessionToken: 'made-up' }),
      404,
      'session_not_found',
      'Session not found.',
    );
  });

  it('an expired session → 404 session_not_found', async () => {
    const student = await signIn(t, uniqueEmail(), 5);
    t.advance(5 * MINUTE + 1);
    await expectError(
      await post(t, '/sessions/authenticate', {}, { sessionToken: student.sessionToken }),
      404,
      'session_not_found',
    );
  });

  it('a wrongly typed duration → 400 invalid_request', async () => {
    const student = await signIn(t);
    const res = await post(
      t,
      '/sessions/authenticate',
      { session_duration_minutes: '60' },
      { sessionToken: student.sessionToken },
    );
    await expectError(res, 400, 'invalid_request', 'session_duration_minutes must be a number');
  });

  it(
    'an unknown session token with an invalid body → 404 session_not_found (the session is ' + 'checked first)',
    async () => {
      const res = await post(
        t,
        '/sessions/authenticate',
        { session_duration_minutes: '60' },
        { sessionToken: 'made-up' },
      );
      await expectError(res, 404, 'session_not_found', 'Session not found.');
    },
  );

  it('a revoked session → 404 session_not_found, and its row is not touched', async () => {
    const student = await signIn(t);
    await dataOf(await post(t, '/sessions/revoke', {}, { sessionToken: student.sessionToken }));
    const hash = createHash('sha256').update(student.sessionToken).digest('hex');
    const [before] = await t.service.db.query<{ last_accessed_at: Date }>(
      'select last_accessed_at from sessions where token_hash = $1',
      [hash],
    );
    t.advance(MINUTE);
    await expectError(
      await post(t, '/sessions/authenticate', {}, { sessionToken: student.sessionToken }),
      404,
      'session_not_found',
    );
    const [after] = await t.service.db.query<{ last_accessed_at: Date }>(
      'select last_accessed_at from sessions where token_hash = $1',
      [hash],
    );
    assert.equal(after!.last_accessed_at.toISOString(), before!.last_accessed_at.toISOString());
  });
});

describe('POST /sessions/revoke and GET /users/me', () => {
  it('users/me returns the user flat; after revoke (empty body) the token gets session_not_found', async () => {
    const student = await signIn(t);
    const me = await dataOf<{ user_id: string; emails: { email: string }[]; status: string }>(
      await get(t, '/users/me', { sessionToken: student.sessionToken }),
    );
    assert.equal(me.user_id, student.userId);
    assert.equal(me.status, 'active');
    assert.deepEqual(
      me.emails.map((e) => e.email),
      [student.email],
    );

    const revoked = await dataOf(await post(t, '/sessions/revoke', undefined, { sessionToken: student.sessionToken }));
    assert.deepEqual(Object.keys(revoked).sort(), ['request_id', 'status_code']);
    await expectError(
      await get(t, '/users/me', { sessionToken: student.sessionToken }),
      404,
      'session_not_found',
      'Session not found.',
    );
    await expectError(
      await post(t, '/sessions/authenticate', {}, { sessionToken: student.sessionToken }),
      404,
      'session_not_found',
    );
    const [row] = await t.service.db.query<{ revoked_at: Date | null }>(
      'select revoked_at from sessions where id = $1',
      [student.session.session_id],
    );
    assert.ok(row?.revoked_at instanceof Date);
  });

  it("revoke accepts {} too, and only ends the caller's session", async () => {
    const email = uniqueEmail();
    const first = await signIn(t, email);
    const second = await signIn(t, email);
    await dataOf(await post(t, '/sessions/revoke', {}, { sessionToken: first.sessionToken }));
    await expectError(await get(t, '/users/me', { sessionToken: first.sessionToken }), 404, 'session_not_found');
    await dataOf(await get(t, '/users/me', { sessionToken: second.sessionToken }));
  });

  it('users/me without a session → 401 user_unauthenticated', async () => {
    await expectError(await get(t, '/users/me'), 401, 'user_unauthenticated');
  });
});

describe('secrets at rest', () => {
  it('stores magic-link and session tokens only as SHA-256 hashes', async () => {
    const email = uniqueEmail();
    await dataOf(await post(t, '/magic_links/email/login_or_create', { email }));
    const linkToken = await latestToken(t, email);
    const data = await dataOf<AuthData>(
      await post(t, '/magic_links/authenticate', { token: linkToken, session_duration_minutes: 30 }),
    );
    const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

    const [link] = await t.service.db.query<{ token_hash: string }>(
      'select token_hash from magic_links where token_hash = $1',
      [sha256(linkToken)],
    );
    assert.ok(link, 'the magic link is found by the hash of its token');
    const [session] = await t.service.db.query<{ token_hash: string }>(
      'select token_hash from sessions where id = $1',
      [data.session.session_id],
    );
    assert.equal(session?.token_hash, sha256(data.session_token));

    // No table other than the outbox (which must hold the link to deliver it) contains either token in plain text.
    const tables = await t.service.db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_name <> 'dev_messages'`,
    );
    assert.ok(tables.length >= 6);
    for (const { table_name } of tables) {
      const rows = await t.service.db.query(`select * from ${table_name}`);
      const dump = JSON.stringify(rows);
      assert.ok(!dump.includes(linkToken), `${table_name} holds the magic-link token`);
      assert.ok(!dump.includes(data.session_token), `${table_name} holds the session token`);
    }
    assert.ok((await inbox(t, email))[0]?.text.includes(linkToken), 'sanity: the dump would have found it');
  });
});

describe('session JWT', () => {
  /** The header and payload of a session JWT, as far as these tests read them. */
  interface JwtHeader {
    alg: string;
    kid: string;
  }
  interface JwtPayload {
    sub: string;
    aud: string;
    iss: string;
    exp: number;
    iat: number;
    nbf: number;
    'https://stytch.com/session': {
      id: string;
      started_at: string;
      expires_at: string;
      authentication_factors: { type: string }[];
    };
  }

  function decode<T>(part: string): T {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as T;
  }

  async function jwks(path: string): Promise<(JsonWebKey & { kid: string })[]> {
    const res = await t.service.app.request(path);
    assert.equal(res.status, 200);
    return ((await res.json()) as { keys: (JsonWebKey & { kid: string })[] }).keys;
  }

  it('verifies against the JWKS (ES256, kid) and carries the session claims', async () => {
    const student = await signIn(t);
    const [headerPart, payloadPart, signaturePart] = student.sessionJwt.split('.') as [string, string, string];
    const header = decode<JwtHeader>(headerPart);
    assert.equal(header.alg, 'ES256');
    const keys = await jwks(JWKS_PATH);
    const jwk = keys.find((k) => k.kid === header.kid);
    assert.ok(jwk, 'the JWKS has the kid of the JWT');
    const publicKey = createPublicKey({ key: jwk, format: 'jwk' });
    const valid = verify(
      'sha256',
      Buffer.from(`${headerPart}.${payloadPart}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signaturePart, 'base64url'),
    );
    assert.equal(valid, true);
    const tampered = verify(
      'sha256',
      Buffer.from(`${headerPart}.${payloadPart}x`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signaturePart, 'base64url'),
    );
    assert.equal(tampered, false);

    const claims = decode<JwtPayload>(payloadPart);
    const projectId = t.service.config.projectId;
    assert.equal(claims.sub, student.userId);
    assert.equal(claims.aud, projectId);
    assert.equal(claims.iss, `stytch.com/${projectId}`);
    assert.equal(claims.exp - claims.iat, 300);
    assert.equal(claims.nbf, claims.iat);
    assert.ok(Math.abs(claims.iat - Math.floor(t.now() / 1000)) <= 1);
    const session = claims['https://stytch.com/session'];
    assert.equal(session.id, student.session.session_id);
    assert.equal(session.started_at, student.session.started_at);
    assert.equal(session.expires_at, student.session.expires_at);
    assert.equal(session.authentication_factors[0]?.type, 'magic_link');
  });

  it('is also published at /v1/sessions/jwks/<project_id>, and 404 for another project', async () => {
    assert.deepEqual(await jwks(`/v1/sessions/jwks/${t.service.config.projectId}`), await jwks(JWKS_PATH));
    const res = await t.service.app.request('/v1/sessions/jwks/project-test-other');
    await expectError(res, 404, 'not_found');
  });
});
