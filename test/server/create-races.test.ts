// Concurrent sign-ups of one new identity on every create route: exactly one user, no empty ("orphan") user rows,
// no 5xx. POST /passwords: exactly one request succeeds and only its password works; the rest get duplicate_email.
// On PGlite transactions run one at a time; the same tests against PostgreSQL (several connections, READ COMMITTED)
// are what exercise the insert-decides-the-race code paths.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TOTP_RECOVERY_CODE_COUNT } from '../../src/server/constants/totp.ts';
import { verifyPassword } from '../../src/server/security/password-hashing.ts';
import { base32Decode, totpAt } from '../../src/server/security/totp.ts';
import {
  dataOf,
  expectError,
  post,
  PORTAL_URL,
  signIn,
  startTestService,
  uniqueEmail,
  type TestService,
} from './support.ts';

const PARALLEL = 40;

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

/** Users with no way to sign in: no address, no number, no social registration. */
async function orphanUsers(): Promise<number> {
  const [row] = await t.service.db.query<{ n: number }>(
    `select count(*)::int as n from users u
     where not exists (select 1 from user_emails e where e.user_id = u.id)
       and not exists (select 1 from user_phone_numbers p where p.user_id = u.id)
       and not exists (select 1 from oauth_registrations r where r.user_id = u.id)`,
  );
  return row?.n ?? -1;
}

async function usersWithEmail(email: string): Promise<string[]> {
  const rows = await t.service.db.query<{ user_id: string }>('select user_id from user_emails where email = $1', [
    email,
  ]);
  return rows.map((r) => r.user_id);
}

function statusCounts(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.status] = (counts[res.status] ?? 0) + 1;
  return counts;
}

function assertNo5xx(responses: Response[]): void {
  const counts = statusCounts(responses);
  assert.ok(
    Object.keys(counts).every((status) => Number(status) < 500),
    `statuses ${JSON.stringify(counts)}`,
  );
}

describe(`${PARALLEL} parallel sign-ups of one new identity`, () => {
  it(
    'POST /passwords: exactly one 200, the rest duplicate_email, and only the acknowledged ' + 'password works',
    async () => {
      const email = uniqueEmail('race');
      const passwords = Array.from({ length: PARALLEL }, (_, i) => `correct horse battery staple ${i}`);
      const responses = await Promise.all(
        passwords.map((password) => post(t, '/passwords', { email, password, session_duration_minutes: 30 })),
      );
      assert.deepEqual(statusCounts(responses), { 200: 1, 400: PARALLEL - 1 });
      const winnerIndex = responses.findIndex((res) => res.status === 200);
      const winner = await dataOf<{ user_id: string; session_token: string }>(responses[winnerIndex]!);
      for (const res of responses) {
        if (res.status !== 200)
          await expectError(
            res,
            400,
            'duplicate_email',
            'A user with this email address already has a password. Log in instead.',
          );
      }
      assert.deepEqual(await usersWithEmail(email), [winner.user_id]);
      assert.equal(await orphanUsers(), 0);
      const [stored] = await t.service.db.query<{ password_hash: string }>(
        'select password_hash from user_passwords where user_id = $1',
        [winner.user_id],
      );
      assert.ok(stored);
      const matching = [];
      for (const password of passwords)
        if (await verifyPassword(stored.password_hash, password)) matching.push(password);
      assert.deepEqual(matching, [passwords[winnerIndex]]);
      await dataOf(
        await post(t, '/passwords/authenticate', {
          email,
          password: passwords[winnerIndex],
          session_duration_minutes: 30,
        }),
      );
      await dataOf(await post(t, '/sessions/authenticate', {}, { sessionToken: winner.session_token }));
    },
  );

  it('magic link login_or_create: one user, no orphan, no 5xx', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        post(t, '/magic_links/email/login_or_create', {
          email,
          login_magic_link_url: PORTAL_URL,
          signup_magic_link_url: PORTAL_URL,
        }),
      ),
    );
    assertNo5xx(responses);
    assert.ok(responses.some((res) => res.status === 200));
    assert.equal((await usersWithEmail(email)).length, 1);
    assert.equal(await orphanUsers(), 0);
  });

  it('OTP email and SMS login_or_create: one user each, no orphan, no 5xx', async () => {
    const email = uniqueEmail('race');
    const phone = `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const responses = await Promise.all([
      ...Array.from({ length: PARALLEL }, () => post(t, '/otps/email/login_or_create', { email })),
      ...Array.from({ length: PARALLEL }, () => post(t, '/otps/sms/login_or_create', { phone_number: phone })),
    ]);
    assertNo5xx(responses);
    assert.equal((await usersWithEmail(email)).length, 1);
    const phones = await t.service.db.query('select user_id from user_phone_numbers where phone_number = $1', [phone]);
    assert.equal(phones.length, 1);
    assert.equal(await orphanUsers(), 0);
  });

  /** Starts a dev identity provider sign-in: its state. */
  async function devState(provider: string): Promise<string> {
    const token = encodeURIComponent(publicToken());
    const back = encodeURIComponent(PORTAL_URL);
    const url = `/v1/public/oauth/${provider}/start?public_token=${token}&login_redirect_url=${back}`;
    const res = await t.service.app.request(url);
    assert.equal(res.status, 302, await res.clone().text());
    const state = new URL(res.headers.get('Location') ?? '', 'http://localhost').searchParams.get('state');
    assert.ok(state);
    return state;
  }

  for (const provider of ['google', 'twitter']) {
    it(`OAuth first sign-in (${provider}): one user, one registration, no orphan, no 5xx`, async () => {
      const email = uniqueEmail('race');
      const states = await Promise.all(Array.from({ length: PARALLEL }, () => devState(provider)));
      const responses = await Promise.all(
        states.map((state) =>
          t.service.app.request('/dev/oauth/authorize', {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ state, email, name: 'Grace Hopper' }).toString(),
          }),
        ),
      );
      assert.deepEqual(statusCounts(responses), { 302: PARALLEL });
      const registrations = await t.service.db.query<{ user_id: string }>(
        `select user_id from oauth_registrations where provider = $1 and email = $2`,
        [provider, email],
      );
      assert.equal(registrations.length, 1);
      const [users] = await t.service.db.query<{ n: number }>(
        `select count(distinct u.id)::int as n from users u join oauth_registrations r on ` +
          `r.user_id = u.id where r.provider = $1 and r.email = $2`,
        [provider, email],
      );
      assert.equal(users?.n, 1);
      assert.equal(await orphanUsers(), 0);
    });
  }
});

function publicToken(): string {
  return t.service.config.publicToken;
}

describe('parallel recovery-code regeneration', () => {
  it('leaves exactly one set of codes: the old ones and all but one response’s codes are dead', async () => {
    const student = await signIn(t);
    const options = { sessionToken: student.sessionToken };
    const created = await dataOf<{ totp_id: string; secret: string }>(
      await post(t, '/totps', { expiration_minutes: 5 }, options),
    );
    await dataOf(
      await post(
        t,
        '/totps/authenticate',
        { totp_code: totpAt(base32Decode(created.secret), t.now()), session_duration_minutes: 30 },
        options,
      ),
    );
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post(t, '/totps/recovery_codes', undefined, options)),
    );
    const sets = [];
    for (const res of responses)
      sets.push((await dataOf<{ totps: { recovery_codes: string[] }[] }>(res)).totps[0]!.recovery_codes);
    const [unused] = await t.service.db.query<{ n: number }>(
      'select count(*)::int as n from totp_recovery_codes where totp_id = $1 and used_at is null',
      [created.totp_id],
    );
    assert.equal(unused?.n, TOTP_RECOVERY_CODE_COUNT);
    // One code of each answer: exactly one answer's codes still work (fewer wrong tries than the lock allows).
    const tries = [];
    for (const codes of sets)
      tries.push(await post(t, '/totps/recover', { recovery_code: codes[0], session_duration_minutes: 30 }, options));
    assert.deepEqual(statusCounts(tries), { 200: 1, 401: sets.length - 1 });
    for (const res of tries) if (res.status === 401) await expectError(res, 401, 'recovery_code_not_found');
  });
});
