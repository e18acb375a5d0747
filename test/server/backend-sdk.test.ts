// The hosted provider's official Node SDK (the `stytch` package) against the service on a real socket: a site that
// moves off the provider keeps its backend code, pointing the client at the service instead.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client, StytchError } from 'stytch';
import { listenOnLoopback, PROJECT_ID, PROJECT_SECRET } from './backend-support.ts';
import { post, signIn, startTestService, type TestService } from './support.ts';

let t: TestService;
let server: { url: string; close(): Promise<void> };
let client: Client;
before(async () => {
  t = await startTestService();
  server = await listenOnLoopback(t);
  // `custom_base_url` must be https; `env` takes any base URL (the SDK warns that it is not one of its own).
  client = new Client({ project_id: PROJECT_ID, secret: PROJECT_SECRET, env: `${server.url}/` });
});
after(async () => {
  await server.close();
  await t.close();
});

/** The SDK's error for a refused call: its status and error_type. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; type: string; message: string }> {
  const error = await call.then(
    () => assert.fail('the call succeeded'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof StytchError, String(error));
  return { status: error.status_code, type: error.error_type, message: error.error_message };
}

describe('the stytch Node SDK against the service', () => {
  it('sessions.authenticate with the token a sign-in produced: the user and the session', async () => {
    const student = await signIn(t);
    const answer = await client.sessions.authenticate({ session_token: student.sessionToken });
    assert.equal(answer.status_code, 200);
    assert.equal(answer.user.user_id, student.userId);
    assert.equal(answer.user.emails[0]?.email, student.email);
    assert.equal(answer.session.session_id, student.session.session_id);
    assert.equal(answer.session_token, student.sessionToken);
    assert.equal(answer.session_jwt.split('.').length, 3);
  });

  it('sessions.authenticateJwt verifies the JWT locally against the service JWKS', async () => {
    const student = await signIn(t);
    const answer = await client.sessions.authenticateJwt({ session_jwt: student.sessionJwt });
    assert.equal(answer.session.session_id, student.session.session_id);
    assert.equal(answer.session.user_id, student.userId);
  });

  it('users.get and users.search', async () => {
    const student = await signIn(t);
    const user = await client.users.get({ user_id: student.userId });
    assert.equal(user.user_id, student.userId);
    assert.deepEqual(
      user.emails.map((e) => e.email),
      [student.email],
    );
    const found = await client.users.search({
      limit: 10,
      query: { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: [student.email] }] },
    });
    assert.deepEqual(
      found.results.map((u) => u.user_id),
      [student.userId],
    );
    assert.equal(found.results_metadata.total, 1);
    assert.equal(found.results_metadata.next_cursor, null);
  });

  it('sessions.get, then sessions.revoke: the revoked token is refused by the SDK and the page API', async () => {
    const student = await signIn(t);
    const listed = await client.sessions.get({ user_id: student.userId });
    assert.deepEqual(
      listed.sessions.map((s) => s.session_id),
      [student.session.session_id],
    );
    const revoked = await client.sessions.revoke({ session_token: student.sessionToken });
    assert.equal(revoked.status_code, 200);
    assert.deepEqual(await refusal(client.sessions.authenticate({ session_token: student.sessionToken })), {
      status: 404,
      type: 'session_not_found',
      message: 'Session not found.',
    });
    const page = await post(t, '/sessions/authenticate', {}, { sessionToken: student.sessionToken });
    assert.equal(page.status, 404);
    await page.body?.cancel();
  });

  it('users.update and users.delete: the user is gone after', async () => {
    const student = await signIn(t);
    const updated = await client.users.update({
      user_id: student.userId,
      name: { first_name: 'Grace' },
      trusted_metadata: { cohort: 2026 },
    });
    assert.equal(updated.user.name?.first_name, 'Grace');
    assert.deepEqual(updated.user.trusted_metadata, { cohort: 2026 });
    const deleted = await client.users.delete({ user_id: student.userId });
    assert.equal(deleted.user_id, student.userId);
    assert.deepEqual(await refusal(client.users.get({ user_id: student.userId })), {
      status: 404,
      type: 'user_not_found',
      message: 'User could not be found.',
    });
  });

  it('a wrong secret or another project is refused with 401 unauthorized_credentials', async () => {
    const clients = [
      new Client({ project_id: PROJECT_ID, secret: `${PROJECT_SECRET}x`, env: `${server.url}/` }),
      new Client({ project_id: 'project-test-another-0000', secret: PROJECT_SECRET, env: `${server.url}/` }),
    ];
    for (const other of clients) {
      assert.deepEqual(await refusal(other.users.search({})), {
        status: 401,
        type: 'unauthorized_credentials',
        message: 'Unauthorized credentials.',
      });
    }
  });
});
