// The README's "Verify sessions on your server" examples, run as a site's server runs them against the service on a
// real socket: the JWT verified locally against the JWKS with jose, and sessions/authenticate with the secret. Then
// the demo portal's own server side (/student-portal/api/me), which uses the second pattern.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, sign } from 'node:crypto';
import path from 'node:path';
import { CLOCK_TOLERANCE_SECONDS, sessionJwtVerifier } from '../../docs/examples/verify-jwt.mjs';
import { sessionChecker } from '../../docs/examples/verify-backend.mjs';
import { BACKEND_PATHS } from '../../src/api/backend.ts';
import { decodeJson } from '../../src/server/security/id-tokens.ts';
import { backend, flatOf, listenOnLoopback, PROJECT_ID, PROJECT_SECRET } from './backend-support.ts';
import { signIn, startTestService, type TestService } from './support.ts';

let t: TestService;
let server: { url: string; close(): Promise<void> };
before(async () => {
  // The demo site's folder: the portal's server side is mounted with it (src/server/dev/portal-api.ts).
  t = await startTestService({ siteDir: path.resolve('demo-site') });
  server = await listenOnLoopback(t);
});
after(async () => {
  await server.close();
  await t.close();
});

/** The JWT's `exp`, as a Date. */
function expiryOf(jwt: string): Date {
  const claims = decodeJson(jwt.split('.')[1] ?? '');
  assert.equal(typeof claims?.exp, 'number');
  return new Date((claims?.exp as number) * 1000);
}

describe('docs/examples/verify-jwt.mjs', () => {
  it('verifies a real session JWT: its user, session and roles', async () => {
    const student = await signIn(t);
    const verify = sessionJwtVerifier({ baseUrl: server.url, projectId: PROJECT_ID });
    const verified = await verify(student.sessionJwt);
    assert.deepEqual(verified, {
      userId: student.userId,
      sessionId: student.session.session_id,
      expiresAt: student.session.expires_at,
      roles: [],
    });
  });

  it('the JWT lives 5 minutes, and is accepted until CLOCK_TOLERANCE_SECONDS after its exp, not after', async () => {
    const student = await signIn(t);
    const verify = sessionJwtVerifier({ baseUrl: server.url, projectId: PROJECT_ID });
    const exp = expiryOf(student.sessionJwt);
    const iat = Date.parse(student.session.last_accessed_at);
    assert.equal(Math.floor(exp.getTime() / 1000) - Math.floor(iat / 1000), 5 * 60);
    const withinTolerance = new Date(exp.getTime() + (CLOCK_TOLERANCE_SECONDS - 1) * 1000);
    assert.equal((await verify(student.sessionJwt, { currentDate: withinTolerance })).userId, student.userId);
    const expired = new Date(exp.getTime() + (CLOCK_TOLERANCE_SECONDS + 1) * 1000);
    await assert.rejects(verify(student.sessionJwt, { currentDate: expired }), { code: 'ERR_JWT_EXPIRED' });
  });

  it('refuses a JWT signed by another key, and one for another project', async () => {
    const student = await signIn(t);
    const [header, payload] = student.sessionJwt.split('.') as [string, string];
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const forged = `${header}.${payload}.${sign('sha256', Buffer.from(`${header}.${payload}`), {
      key: privateKey,
      dsaEncoding: 'ieee-p1363',
    }).toString('base64url')}`;
    const verify = sessionJwtVerifier({ baseUrl: server.url, projectId: PROJECT_ID });
    await assert.rejects(verify(forged), { code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
    // Another project's id: the service publishes no keys under it, so nothing verifies.
    const otherProject = sessionJwtVerifier({ baseUrl: server.url, projectId: 'project-test-another-0000' });
    await assert.rejects(otherProject(student.sessionJwt), {
      code: 'ERR_JOSE_GENERIC',
      message: 'Expected 200 OK from the JSON Web Key Set HTTP response',
    });
  });
});

describe('docs/examples/verify-backend.mjs', () => {
  const check = () => sessionChecker({ baseUrl: server.url, projectId: PROJECT_ID, secret: PROJECT_SECRET });

  it('answers the user and session of a live token or JWT, and null once the session is revoked', async () => {
    const student = await signIn(t);
    const byToken = await check()({ session_token: student.sessionToken });
    assert.equal(byToken?.user.user_id, student.userId);
    assert.equal(byToken?.session.session_id, student.session.session_id);
    const byJwt = await check()({ session_jwt: student.sessionJwt });
    assert.equal(byJwt?.session.session_id, student.session.session_id);
    await flatOf(await backend(t, 'POST', BACKEND_PATHS.sessionsRevoke, { session_id: student.session.session_id }));
    assert.equal(await check()({ session_token: student.sessionToken }), null);
  });

  it('a wrong secret throws with the error type instead of signing anyone out', async () => {
    const student = await signIn(t);
    const wrong = sessionChecker({ baseUrl: server.url, projectId: PROJECT_ID, secret: `${PROJECT_SECRET}x` });
    await assert.rejects(wrong({ session_token: student.sessionToken }), {
      message: 'sessions/authenticate: 401 unauthorized_credentials: Unauthorized credentials.',
    });
  });
});

describe('the demo portal: GET /student-portal/api/me', () => {
  const me = (cookie?: string) =>
    t.service.app.request('/student-portal/api/me', cookie ? { headers: { Cookie: cookie } } : {});

  it("answers the student's name, checked with the backend API (the address until they have one)", async () => {
    const student = await signIn(t);
    const cookie = `stytch_session=${student.sessionToken}; stytch_session_jwt=${student.sessionJwt}`;
    const first = await me(cookie);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('Cache-Control'), 'no-store');
    assert.deepEqual(await first.json(), { signed_in: true, name: student.email });
    await flatOf(
      await backend(t, 'PUT', BACKEND_PATHS.user(student.userId), {
        name: { first_name: 'Ada', last_name: 'Lovelace' },
      }),
    );
    assert.deepEqual(await (await me(cookie)).json(), { signed_in: true, name: 'Ada Lovelace' });
  });

  it('no cookie, an unknown token and a revoked session: signed out (200: an answer, not a failure)', async () => {
    const student = await signIn(t);
    await flatOf(await backend(t, 'POST', BACKEND_PATHS.sessionsRevoke, { session_token: student.sessionToken }));
    for (const cookie of [undefined, 'stytch_session=not-a-session', `stytch_session=${student.sessionToken}`]) {
      const res = await me(cookie);
      assert.equal(res.status, 200, String(cookie));
      assert.deepEqual(await res.json(), { signed_in: false });
    }
  });
});
