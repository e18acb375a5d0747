// Two service instances on one real PostgreSQL database share the rate limits (rows, not process memory) and seal
// the secrets of rows from before encryption exactly once when they start together. Runs only in npm test's
// PostgreSQL stage; the two-process version of the limits is test/processes/races.test.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createService, type Service } from '../../src/server/app.ts';
import { OTP_SEND_LIMIT } from '../../src/server/constants/passcodes.ts';
import { base32Decode, totpAt } from '../../src/server/security/totp.ts';
import { magicLinkSend, newIp, otpSend, postFrom, statusCounts } from '../server/from-client.ts';
import { dataOf, PORTAL_URL, uniqueEmail } from '../server/support.ts';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../server/test-database.ts';

const STRONG = 'correct horse battery staple';

describe('two service instances on one PostgreSQL share the limits', () => {
  let database: TestDatabase;
  let one: Service;
  let two: Service;
  before(async () => {
    assert.ok(testDatabaseUrl(), 'test/postgres needs TEST_DATABASE_URL (npm test starts a server; see the README)');
    database = await freshDatabase();
    const options = { database: database.options, redirectUrls: [PORTAL_URL], ipRateLimits: { authFailures: 6 } };
    [one, two] = await Promise.all([createService(options), createService(options)]);
  });
  after(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await database?.drop();
  });

  it(`40 parallel passcode sends to one address across both: exactly ${OTP_SEND_LIMIT} sent`, async () => {
    const email = uniqueEmail();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => postFrom(i % 2 ? one : two, `203.0.113.${i + 1}`, ...otpSend(email))),
    );
    assert.deepEqual(statusCounts(responses), { 200: OTP_SEND_LIMIT, 429: 40 - OTP_SEND_LIMIT });
    const codes = await one.db.query(
      'select id from otp_codes where method_id in (select id from user_emails where email = $1)',
      [email],
    );
    assert.equal(codes.length, OTP_SEND_LIMIT);
  });

  it(
    'two instances starting at once on rows from before encryption: both start, each row is ' + 'sealed once and opens',
    async () => {
      const email = uniqueEmail();
      await dataOf(await postFrom(one, newIp(), ...magicLinkSend(email)));
      const [message] = await one.db.query<{ links: string[] }>('select links from dev_messages where recipient = $1', [
        email,
      ]);
      const token = new URL(message!.links[0]!).searchParams.get('token');
      const session = await dataOf<{ session_token: string }>(
        await postFrom(one, newIp(), '/magic_links/authenticate', { token, session_duration_minutes: 30 }),
      );
      const created = await dataOf<{ totp_id: string; secret: string }>(
        await postFrom(one, newIp(), '/totps', {}, session.session_token),
      );
      await one.db.query('update totps set secret = $2 where id = $1', [created.totp_id, created.secret]);
      const options = { database: database.options, redirectUrls: [PORTAL_URL] };
      const [three, four] = await Promise.all([createService(options), createService(options)]);
      try {
        const [row] = await three.db.query<{ secret: string }>('select secret from totps where id = $1', [
          created.totp_id,
        ]);
        assert.match(row!.secret, /^v1:[0-9a-f]{16}:/);
        assert.ok(!row!.secret.includes(created.secret));
        const code = totpAt(base32Decode(created.secret), Date.now());
        await dataOf(
          await postFrom(
            four,
            newIp(),
            '/totps/authenticate',
            { totp_code: code, session_duration_minutes: 30 },
            session.session_token,
          ),
        );
      } finally {
        await Promise.all([three.close(), four.close()]);
      }
    },
  );

  it('30 parallel wrong passwords from one IP across both: exactly the per-IP budget is checked', async () => {
    const ip = newIp();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postFrom(i % 2 ? one : two, ip, '/passwords/authenticate', {
          email: uniqueEmail('nobody'),
          password: STRONG,
          session_duration_minutes: 30,
        }),
      ),
    );
    assert.deepEqual(statusCounts(responses), { 401: 6, 429: 24 });
  });
});
