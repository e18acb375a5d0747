// A password change ends every other session of the user (whoever knew the old password may hold one); the session
// that made the change, or the one the response returns, stays. All three reset routes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  dataOf,
  expectError,
  inbox,
  post,
  PORTAL_URL,
  startTestService,
  uniqueEmail,
  type TestService,
} from './support.ts';

const STRONG = 'correct horse battery staple';
const STRONG_2 = 'purple-elephant-on-a-bicycle';

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

interface Signed {
  session_token: string;
  user_id: string;
}

async function login(email: string, password: string): Promise<Signed> {
  return dataOf<Signed>(await post(t, '/passwords/authenticate', { email, password, session_duration_minutes: 60 }));
}

/** A user with a password and two sessions from two earlier sign-ins. */
async function userWithTwoSessions(): Promise<{ email: string; others: string[] }> {
  const email = uniqueEmail();
  const created = await dataOf<Signed>(
    await post(t, '/passwords', { email, password: STRONG, session_duration_minutes: 60 }),
  );
  const second = await login(email, STRONG);
  return { email, others: [created.session_token, second.session_token] };
}

async function assertAlive(sessionToken: string): Promise<void> {
  await dataOf(await post(t, '/sessions/authenticate', {}, { sessionToken }));
}

async function assertEnded(sessionToken: string): Promise<void> {
  await expectError(await post(t, '/sessions/authenticate', {}, { sessionToken }), 404, 'session_not_found');
}

describe('a password change ends the other sessions', () => {
  it('/passwords/session/reset: the calling session stays, the others end', async () => {
    const { email, others } = await userWithTwoSessions();
    const caller = await login(email, STRONG);
    const data = await dataOf<Signed>(
      await post(t, '/passwords/session/reset', { password: STRONG_2 }, { sessionToken: caller.session_token }),
    );
    assert.equal(data.session_token, caller.session_token);
    for (const token of others) await assertEnded(token);
    await assertAlive(caller.session_token);
    await login(email, STRONG_2);
  });

  it('/passwords/existing_password/reset: the returned session works, the others end', async () => {
    const { email, others } = await userWithTwoSessions();
    const data = await dataOf<Signed>(
      await post(t, '/passwords/existing_password/reset', {
        email,
        existing_password: STRONG,
        new_password: STRONG_2,
        session_duration_minutes: 60,
      }),
    );
    for (const token of others) await assertEnded(token);
    await assertAlive(data.session_token);
  });

  it('/passwords/email/reset: the returned session works, the others end', async () => {
    const { email, others } = await userWithTwoSessions();
    await dataOf(await post(t, '/passwords/email/reset/start', { email, reset_password_redirect_url: PORTAL_URL }));
    const [message] = await inbox(t, email);
    const token = new URL(message?.links[0] ?? '').searchParams.get('token');
    assert.ok(token);
    const data = await dataOf<Signed>(
      await post(t, '/passwords/email/reset', { token, password: STRONG_2, session_duration_minutes: 60 }),
    );
    for (const other of others) await assertEnded(other);
    await assertAlive(data.session_token);
  });

  it('a refused change (weak password) ends nothing', async () => {
    const { email, others } = await userWithTwoSessions();
    const caller = await login(email, STRONG);
    await expectError(
      await post(t, '/passwords/session/reset', { password: 'password' }, { sessionToken: caller.session_token }),
      400,
      'weak_password',
    );
    for (const token of [...others, caller.session_token]) await assertAlive(token);
  });

  it("another user's sessions are untouched", async () => {
    const mine = await userWithTwoSessions();
    const theirs = await userWithTwoSessions();
    const caller = await login(mine.email, STRONG);
    await dataOf(
      await post(t, '/passwords/session/reset', { password: STRONG_2 }, { sessionToken: caller.session_token }),
    );
    for (const token of theirs.others) await assertAlive(token);
  });
});
