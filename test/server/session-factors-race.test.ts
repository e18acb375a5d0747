// A factor added to a session while the same session is refreshed stays: the factor list is merged under a row lock,
// not read, merged in memory and written back (a refresh that read the list before the new factor was written put
// the old list back; on PostgreSQL this lost the TOTP factor every time).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { base32Decode, totpAt } from '../../src/server/security/totp.ts';
import { dataOf, post, signIn, startTestService, type TestService } from './support.ts';

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

interface Authenticated {
  session: { authentication_factors: { type: string }[] };
}

describe('session factors under concurrency', () => {
  it('a TOTP code authenticated while the session is refreshed in parallel: the new factor stays', async () => {
    const student = await signIn(t);
    const options = { sessionToken: student.sessionToken };
    const created = await dataOf<{ secret: string }>(await post(t, '/totps', { expiration_minutes: 5 }, options));
    const refresh = async () =>
      dataOf(await post(t, '/sessions/authenticate', { session_duration_minutes: 30 }, options));
    // Refreshes keep running, several at a time, until the TOTP answer is in: one of them overlaps its write.
    let done = false;
    const refreshing = (async () => {
      while (!done) await Promise.all(Array.from({ length: 4 }, refresh));
    })();
    const byTotp = await post(
      t,
      '/totps/authenticate',
      { totp_code: totpAt(base32Decode(created.secret), t.now()), session_duration_minutes: 30 },
      options,
    );
    done = true;
    await refreshing;
    await dataOf(byTotp);
    const now = await dataOf<Authenticated>(await post(t, '/sessions/authenticate', {}, options));
    assert.deepEqual(now.session.authentication_factors.map((f) => f.type).sort(), ['magic_link', 'totp']);
  });
});
