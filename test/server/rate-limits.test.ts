// Rate limits kept in the database: per-address send limits under parallel requests, per-IP limits on sends,
// telemetry and authentication failures (refused before a guess counts against any user), the owner's ways back in
// while locked, bounded sweeping.
// Two service instances sharing the limits on one real PostgreSQL: test/postgres/shared-instances.test.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PUBLIC_TOKEN, resolveConfig } from '../../src/server/config.ts';
import { createService } from '../../src/server/app.ts';
import { MAGIC_LINK_SEND_LIMIT } from '../../src/server/constants/magic-links.ts';
import { OTP_SEND_LIMIT } from '../../src/server/constants/passcodes.ts';
import { PASSWORD_RESET_SEND_LIMIT } from '../../src/server/constants/passwords.ts';
import {
  IP_AUTH_FAILURE_LIMIT,
  IP_EVENTS_LIMIT,
  IP_SEND_LIMIT,
  RATE_LIMIT_SWEEP_BATCH,
  RATE_LIMIT_SWEEP_EVERY_TAKES,
  USER_LOCK_FAILURE_LIMIT,
} from '../../src/server/constants/rate-limits.ts';
import { SSO_DISCOVERY_IP_LIMIT, SSO_START_IP_LIMIT } from '../../src/server/constants/sso.ts';
import { ipSubject, RateLimit, Sweeper } from '../../src/server/security/rate-limit.ts';
import { sweepRateLimits, takeRateLimit } from '../../src/server/store/rate-limits.ts';
import {
  dataOf,
  expectError,
  inbox,
  latestToken,
  PORTAL_URL,
  startTestService,
  uniqueEmail,
  type TestService,
} from './support.ts';
import { magicLinkSend, newIp, otpSend, postFrom, statusCounts } from './from-client.ts';

const STRONG = 'correct horse battery staple';
const STRONG_2 = 'purple-elephant-on-a-bicycle';
const TOO_MANY = 'Too many requests for this identifier. Wait a minute and try again.';
const TOO_MANY_FROM_CLIENT = 'Too many requests from this network. Try again later.';

async function errorTypes(responses: Response[], status: number): Promise<string[]> {
  const refused = responses.filter((res) => res.status === status);
  return [
    ...new Set(
      await Promise.all(refused.map(async (res) => ((await res.json()) as { error_type: string }).error_type)),
    ),
  ];
}

describe('the rate_limits table', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
  });
  after(() => t.close());

  it('counts a fixed window per key in one statement; an ended window restarts at 1', async () => {
    const db = t.service.db;
    const take = (key: string, now: number) => takeRateLimit(db, { key, now, windowMs: 1000 });
    assert.deepEqual(await take('unit:a', 10_000), { count: 1, windowEndsMs: 11_000 });
    assert.deepEqual(await take('unit:a', 10_500), { count: 2, windowEndsMs: 11_000 });
    assert.deepEqual(await take('unit:b', 10_500), { count: 1, windowEndsMs: 11_500 });
    assert.deepEqual(await take('unit:a', 11_000), { count: 1, windowEndsMs: 12_000 });
    // A take that read the clock a little earlier (a parallel request) still counts in the current window.
    assert.deepEqual(await take('unit:a', 10_900), { count: 2, windowEndsMs: 12_000 });
  });

  it('50 parallel takes of one key get 50 distinct counts', async () => {
    const now = t.now();
    const windows = await Promise.all(
      Array.from({ length: 50 }, () => takeRateLimit(t.service.db, { key: 'unit:parallel', now, windowMs: 60_000 })),
    );
    assert.deepEqual(
      windows.map((w) => w.count).sort((a, b) => a - b),
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it('sweeps at most RATE_LIMIT_SWEEP_BATCH ended windows at a time and never a live one', async () => {
    const db = t.service.db;
    await db.query('delete from rate_limits');
    await db.query(
      `insert into rate_limits (key, window_ends_ms, count) select 'old:' || i, 1000, 3 ` +
        `from generate_series(1, $1::int) i`,
      [RATE_LIMIT_SWEEP_BATCH + 500],
    );
    await db.query(`insert into rate_limits (key, window_ends_ms, count) values ('live', 5000, 1)`);
    assert.equal(await sweepRateLimits(db, { now: 2000, batch: RATE_LIMIT_SWEEP_BATCH }), RATE_LIMIT_SWEEP_BATCH);
    assert.equal(await sweepRateLimits(db, { now: 2000, batch: RATE_LIMIT_SWEEP_BATCH }), 500);
    assert.equal(await sweepRateLimits(db, { now: 2000, batch: RATE_LIMIT_SWEEP_BATCH }), 0);
    assert.deepEqual(await db.query('select key from rate_limits'), [{ key: 'live' }]);
  });

  it('a limiter sweeps on its own every RATE_LIMIT_SWEEP_EVERY_TAKES takes', async () => {
    const db = t.service.db;
    await db.query('delete from rate_limits');
    await db.query(
      `insert into rate_limits (key, window_ends_ms, count) select 'old:' || i, 1000, 3 from generate_series(1, 10) i`,
    );
    const limit = new RateLimit(db, new Sweeper(db), 'sweep-test', 1_000_000, 60_000);
    for (let i = 1; i < RATE_LIMIT_SWEEP_EVERY_TAKES; i++) await limit.take('x', 2000);
    assert.equal((await db.query('select key from rate_limits where key like $1', ['old:%'])).length, 10);
    await limit.take('x', 2000);
    assert.equal((await db.query('select key from rate_limits where key like $1', ['old:%'])).length, 0);
  });

  it('a refused take is 429 too_many_requests with the seconds left in the window', async () => {
    const limit = new RateLimit(t.service.db, new Sweeper(t.service.db), 'refuse-test', 2, 60_000);
    await limit.take('x', 100_000);
    await limit.take('x', 100_000);
    await assert.rejects(
      limit.take('x', 130_000),
      (error: { status: number; errorType: string; headers: Record<string, string> }) => {
        assert.equal(error.status, 429);
        assert.equal(error.errorType, 'too_many_requests');
        assert.deepEqual(error.headers, { 'Retry-After': '30' });
        return true;
      },
    );
  });
});

describe('the client key of an address', () => {
  it('is the IPv4 address (also IPv4-mapped), the /64 of an IPv6 address, and one shared key when unknown', () => {
    assert.equal(ipSubject('203.0.113.9'), '203.0.113.9');
    assert.equal(ipSubject('::ffff:203.0.113.9'), '203.0.113.9');
    assert.equal(ipSubject('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(ipSubject('2001:0DB8:0000:0000:abcd:1:2:3'), '2001:db8:0:0::/64');
    assert.equal(ipSubject('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
    assert.equal(ipSubject('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(ipSubject(''), 'unknown');
  });
});

describe('per-address send limits under parallel requests', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
  });
  after(() => t.close());

  for (const [name, limit, send] of [
    ['passcodes', OTP_SEND_LIMIT, otpSend],
    ['magic links', MAGIC_LINK_SEND_LIMIT, magicLinkSend],
  ] as const) {
    it(`50 parallel ${name} to one new address: exactly ${limit} sent, one user, the rest 429`, async () => {
      const email = uniqueEmail();
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => postFrom(t.service, `203.0.113.${i + 1}`, ...send(email))),
      );
      assert.deepEqual(statusCounts(responses), { 200: limit, 429: 50 - limit });
      const refused = responses.find((res) => res.status === 429)!;
      assert.match(refused.headers.get('Retry-After') ?? '', /^[1-9]\d*$/);
      await expectError(refused, 429, 'too_many_requests', TOO_MANY);
      assert.equal((await inbox(t, email)).length, limit);
      const users = await t.service.db.query('select user_id from user_emails where email = $1', [email]);
      assert.equal(users.length, 1);
    });
  }

  it(`50 parallel reset emails to one address: exactly ${PASSWORD_RESET_SEND_LIMIT} sent`, async () => {
    const email = uniqueEmail();
    await dataOf(
      await postFrom(t.service, newIp(), '/passwords', { email, password: STRONG, session_duration_minutes: 30 }),
    );
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postFrom(t.service, `192.0.2.${i + 1}`, '/passwords/email/reset/start', {
          email,
          reset_password_redirect_url: PORTAL_URL,
        }),
      ),
    );
    assert.deepEqual(statusCounts(responses), { 200: PASSWORD_RESET_SEND_LIMIT, 429: 50 - PASSWORD_RESET_SEND_LIMIT });
    assert.equal((await inbox(t, email)).length, PASSWORD_RESET_SEND_LIMIT);
  });
});

describe('per-IP limits', () => {
  it('has production defaults when not configured', () => {
    assert.deepEqual(resolveConfig({}).ipRateLimits, {
      sends: IP_SEND_LIMIT,
      authFailures: IP_AUTH_FAILURE_LIMIT,
      events: IP_EVENTS_LIMIT,
      ssoStarts: SSO_START_IP_LIMIT,
      ssoDiscoveries: SSO_DISCOVERY_IP_LIMIT,
    });
  });

  it('refuses a limit that is not a whole number of at least 1 at start', async () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      await assert.rejects(
        createService({ ipRateLimits: { sends: bad } }),
        /^Error: ipRateLimits\.sends must be a whole number of at least 1\.$/,
      );
    }
  });

  describe('with small limits', () => {
    const SENDS = 8;
    const FAILURES = 5;
    const EVENTS = 5;
    let t: TestService;
    before(async () => {
      t = await startTestService({ ipRateLimits: { sends: SENDS, authFailures: FAILURES, events: EVENTS } });
    });
    after(() => t.close());

    it(
      `sends: 24 parallel sends to different addresses on every channel from one IP, ` +
        `exactly ${SENDS} go out; refused ones leave no user`,
      async () => {
        const ip = newIp();
        const emails = Array.from({ length: 24 }, () => uniqueEmail('ip'));
        const responses = await Promise.all(
          emails.map((email, i) => {
            if (i % 3 === 0) return postFrom(t.service, ip, ...otpSend(email));
            if (i % 3 === 1) return postFrom(t.service, ip, ...magicLinkSend(email));
            return postFrom(t.service, ip, '/otps/sms/login_or_create', {
              phone_number: `+1415555${String(1000 + i).padStart(4, '0')}`,
            });
          }),
        );
        assert.deepEqual(statusCounts(responses), { 200: SENDS, 429: 24 - SENDS });
        assert.deepEqual(await errorTypes(responses, 429), ['too_many_requests']);
        const created = await t.service.db.query('select id from user_emails where email = any($1)', [
          emails.filter((_, i) => i % 3 !== 2),
        ]);
        const createdPhones = await t.service.db.query(
          `select id from user_phone_numbers where phone_number like '+1415555%'`,
        );
        assert.equal(created.length + createdPhones.length, SENDS);
        // The reset route shares the budget; another IP has its own.
        const refused = await postFrom(t.service, ip, '/passwords/email/reset/start', { email: emails[1] });
        assert.match(refused.headers.get('Retry-After') ?? '', /^[1-9]\d*$/);
        await expectError(refused, 429, 'too_many_requests', TOO_MANY_FROM_CLIENT);
        await dataOf(await postFrom(t.service, newIp(), ...otpSend(uniqueEmail())));
      },
    );

    it('an IPv6 client is one client per /64: addresses in one /64 share the send budget', async () => {
      const responses = await Promise.all(
        Array.from({ length: SENDS + 1 }, (_, i) =>
          postFrom(t.service, `2001:db8:77:1::${(i + 1).toString(16)}`, ...otpSend(uniqueEmail('v6'))),
        ),
      );
      assert.deepEqual(statusCounts(responses), { 200: SENDS, 429: 1 });
      await dataOf(await postFrom(t.service, '2001:db8:77:2::1', ...otpSend(uniqueEmail('v6'))));
    });

    it(`telemetry: 12 parallel batches from one IP, exactly ${EVENTS} stored`, async () => {
      const ip = newIp();
      const batch = [
        { telemetry: {}, event: { public_token: DEFAULT_PUBLIC_TOKEN, event_name: `rate-limit-${ip}`, details: {} } },
      ];
      const responses = await Promise.all(Array.from({ length: 12 }, () => postFrom(t.service, ip, '/events', batch)));
      assert.deepEqual(statusCounts(responses), { 200: EVENTS, 429: 12 - EVENTS });
      const rows = await t.service.db.query('select name from events where name = $1', [`rate-limit-${ip}`]);
      assert.equal(rows.length, EVENTS);
      await dataOf(await postFrom(t.service, newIp(), '/events', batch));
    });

    it(
      `auth failures: 20 parallel wrong passwords from one IP, exactly ${FAILURES} are ` +
        `checked; then its guesses no longer reach a user`,
      async () => {
        const ip = newIp();
        const responses = await Promise.all(
          Array.from({ length: 20 }, () =>
            postFrom(t.service, ip, '/passwords/authenticate', {
              email: uniqueEmail('nobody'),
              password: STRONG,
              session_duration_minutes: 30,
            }),
          ),
        );
        assert.deepEqual(statusCounts(responses), { 401: FAILURES, 429: 20 - FAILURES });
        assert.deepEqual(await errorTypes(responses, 401), ['unauthorized_credentials']);
        assert.deepEqual(await errorTypes(responses, 429), ['too_many_requests']);

        // A real user: this IP's wrong guess is refused before it counts against them, and so is any other factor.
        const email = uniqueEmail();
        const created = await dataOf<{ user_id: string; session_token: string }>(
          await postFrom(t.service, newIp(), '/passwords', { email, password: STRONG, session_duration_minutes: 30 }),
        );
        await expectError(
          await postFrom(t.service, ip, '/passwords/authenticate', {
            email,
            password: 'wrong password here',
            session_duration_minutes: 30,
          }),
          429,
          'too_many_requests',
          TOO_MANY_FROM_CLIENT,
        );
        await expectError(
          await postFrom(t.service, ip, '/passwords/existing_password/reset', {
            email,
            existing_password: 'wrong',
            new_password: STRONG_2,
            session_duration_minutes: 30,
          }),
          429,
          'too_many_requests',
        );
        const sent = await dataOf<{ method_id: string }>(await postFrom(t.service, newIp(), ...otpSend(email)));
        await expectError(
          await postFrom(t.service, ip, '/otps/authenticate', {
            token: '000000',
            method_id: sent.method_id,
            session_duration_minutes: 30,
          }),
          429,
          'too_many_requests',
        );
        // Second factors too: a signed-in visitor on this network cannot guess TOTP or recovery codes either.
        const other = newIp();
        await dataOf(await postFrom(t.service, other, ...magicLinkSend(email)));
        // From the password's own session, so proving the address keeps the password (services/proof.ts).
        const session = await dataOf<{ session_token: string }>(
          await postFrom(
            t.service,
            other,
            '/magic_links/authenticate',
            { token: await latestToken(t, email), session_duration_minutes: 30 },
            created.session_token,
          ),
        );
        await dataOf(await postFrom(t.service, other, '/totps', {}, session.session_token));
        await expectError(
          await postFrom(
            t.service,
            ip,
            '/totps/authenticate',
            { totp_code: '123456', session_duration_minutes: 30 },
            session.session_token,
          ),
          429,
          'too_many_requests',
        );
        await expectError(
          await postFrom(
            t.service,
            ip,
            '/totps/recover',
            { recovery_code: 'aaaa-bbbb-cccc-dddd', session_duration_minutes: 30 },
            session.session_token,
          ),
          429,
          'too_many_requests',
        );
        const failures = await t.service.db.query('select user_id from auth_failures where user_id = $1', [
          created.user_id,
        ]);
        assert.equal(failures.length, 0, 'no failure was recorded against the user');
        // The owner, from another address, signs in.
        await dataOf(
          await postFrom(t.service, newIp(), '/passwords/authenticate', {
            email,
            password: STRONG,
            session_duration_minutes: 30,
          }),
        );
      },
    );

    it('a successful check gives its reservation back: only failures use up the budget', async () => {
      const ip = newIp();
      const email = uniqueEmail();
      await dataOf(
        await postFrom(t.service, ip, '/passwords', { email, password: STRONG, session_duration_minutes: 30 }),
      );
      for (let i = 0; i < FAILURES * 2; i++) {
        await dataOf(
          await postFrom(t.service, ip, '/passwords/authenticate', {
            email,
            password: STRONG,
            session_duration_minutes: 30,
          }),
        );
      }
      for (let i = 0; i < FAILURES; i++) {
        await expectError(
          await postFrom(t.service, ip, '/passwords/authenticate', {
            email: uniqueEmail('nobody'),
            password: STRONG,
            session_duration_minutes: 30,
          }),
          401,
          'unauthorized_credentials',
        );
      }
      await expectError(
        await postFrom(t.service, ip, '/passwords/authenticate', {
          email,
          password: STRONG,
          session_duration_minutes: 30,
        }),
        429,
        'too_many_requests',
      );
    });
  });
});

describe('a locked user still gets in by magic link or email reset', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
  });
  after(() => t.close());

  async function lockedUser() {
    const email = uniqueEmail();
    await dataOf(
      await postFrom(t.service, newIp(), '/passwords', { email, password: STRONG, session_duration_minutes: 30 }),
    );
    // Guesses from many addresses, so the per-IP throttle is not what stops them: the user lock is.
    for (let i = 1; i < USER_LOCK_FAILURE_LIMIT; i++) {
      await expectError(
        await postFrom(t.service, newIp(), '/passwords/authenticate', {
          email,
          password: 'wrong guess',
          session_duration_minutes: 30,
        }),
        401,
        'unauthorized_credentials',
      );
    }
    await expectError(
      await postFrom(t.service, newIp(), '/passwords/authenticate', {
        email,
        password: 'wrong guess',
        session_duration_minutes: 30,
      }),
      429,
      'user_lock_limit_reached',
    );
    await expectError(
      await postFrom(t.service, newIp(), '/passwords/authenticate', {
        email,
        password: STRONG,
        session_duration_minutes: 30,
      }),
      429,
      'user_lock_limit_reached',
    );
    return email;
  }

  it('a magic link ignores the lock', async () => {
    const email = await lockedUser();
    await dataOf(await postFrom(t.service, newIp(), ...magicLinkSend(email)));
    const session = await dataOf<{ user: { emails: { email: string }[] } }>(
      await postFrom(t.service, newIp(), '/magic_links/authenticate', {
        token: await latestToken(t, email),
        session_duration_minutes: 30,
      }),
    );
    assert.equal(session.user.emails[0]?.email, email);
  });

  it('an email reset ends the lock: the new password signs in', async () => {
    const email = await lockedUser();
    await dataOf(
      await postFrom(t.service, newIp(), '/passwords/email/reset/start', {
        email,
        reset_password_redirect_url: PORTAL_URL,
      }),
    );
    await dataOf(
      await postFrom(t.service, newIp(), '/passwords/email/reset', {
        token: await latestToken(t, email),
        password: STRONG_2,
        session_duration_minutes: 30,
      }),
    );
    await dataOf(
      await postFrom(t.service, newIp(), '/passwords/authenticate', {
        email,
        password: STRONG_2,
        session_duration_minutes: 30,
      }),
    );
  });
});
