// Races across service processes (scale-out on PostgreSQL): with TEST_DATABASE_URL, two processes of
// main.ts share one fresh PostgreSQL database and every burst is split across both; without it, one process on a
// PGlite folder takes the same bursts. Each test gets its own database, so shared limits start from zero.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { PATHS } from '../../src/api/paths.ts';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import { CRYPTO_WALLET_START_LIMIT } from '../../src/server/constants/crypto-wallets.ts';
import { MAGIC_LINK_SEND_LIMIT } from '../../src/server/constants/magic-links.ts';
import { OTP_SEND_LIMIT } from '../../src/server/constants/passcodes.ts';
import { USER_LOCK_FAILURE_LIMIT } from '../../src/server/constants/rate-limits.ts';
import type { Db } from '../../src/server/db/db.ts';
import {
  assertNo5xx,
  assertNoOrphans,
  call,
  dataOf,
  inParallel,
  strongPassword,
  tally,
  withDeployment,
  type Answer,
  type Deployment,
} from './deployment.ts';
import { uniqueEmail } from '../server/support.ts';
import { testDatabaseUrl } from '../server/test-database.ts';
import { clientIp, requestTo } from './service-process.ts';
import { WEBAUTHN_PATHS } from '../../src/api/webauthn.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import { basicAuth } from '../server/support.ts';
import { SoftwareAuthenticator } from '../server/webauthn-authenticator.ts';
import { CRYPTO_WALLET_PATHS } from '../../src/api/crypto-wallets.ts';
import { EthereumTestWallet } from '../server/crypto-wallets-keys.ts';

/** How many requests each sign-up burst sends (100 parallel sign-ups of one new identity per route). */
const SIGN_UPS = 100;
/** How many sends to one address the shared-limit tests make: ten times the limit, split across the instances. */
const SENDS = 50;
/** Passwords sent at once in the lockout burst: all wrong but the last (199 wrong, then the right one). */
const GUESSES = 200;
/** Parallel registrations of one WebAuthn credential (each with its own register/start challenge). */
const PASSKEY_REGISTRATIONS = 20;
/** The account owner's address: none of the burst clients (clientIp) uses it. */
const OWNER_IP = '127.0.0.2';

const where = testDatabaseUrl() ? 'two processes on one PostgreSQL database' : 'one process on a PGlite folder';

/** A US number in the 555 exchange (not assigned to subscribers), random per test. */
function uniquePhone(): string {
  return `+1415555${String(1000 + (randomBytes(2).readUInt16BE() % 9000)).slice(0, 4)}`;
}

async function count(db: Db, sql: string, params: unknown[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(sql, params);
  return row?.n ?? -1;
}

/** Every answer is a 200 or the per-address send limit's 429, and every 200 names the same user. */
function assertOneUserOrRateLimited(answers: Answer[]): string {
  assertNo5xx(answers);
  const counts = tally(answers);
  assert.deepEqual(
    Object.keys(counts).filter((key) => key !== '200' && key !== '429 too_many_requests'),
    [],
    `only 200 or 429 too_many_requests: ${JSON.stringify(counts)}`,
  );
  const userIds = new Set(answers.filter((a) => a.status === 200).map((a) => dataOf(a).user_id));
  assert.equal(userIds.size, 1, `every accepted send names the same user: ${JSON.stringify([...userIds])}`);
  return [...userIds][0] as string;
}

describe(`${SIGN_UPS} parallel sign-ups of one new identity, ${where}`, () => {
  it(
    'password: exactly one 200, the rest duplicate_email, and the acknowledged password is the ' + 'one that works',
    async () => {
      await withDeployment(async (d) => {
        const email = uniqueEmail('race-password');
        const passwords = Array.from({ length: SIGN_UPS }, strongPassword);
        const answers = await inParallel(SIGN_UPS, (i) =>
          call(d, i, PATHS.passwords, { email, password: passwords[i], session_duration_minutes: 30 }),
        );
        assertNo5xx(answers);
        assert.deepEqual(tally(answers), { '200': 1, '400 duplicate_email': SIGN_UPS - 1 });
        const winner = answers.findIndex((a) => a.status === 200);
        const userId = dataOf(answers[winner]!).user_id;
        for (let instance = 0; instance < d.instances.length; instance++) {
          const login = await call(d, instance, PATHS.passwordsAuthenticate, {
            email,
            password: passwords[winner],
            session_duration_minutes: 30,
          });
          assert.equal(dataOf(login).user_id, userId, `the acknowledged password logs in on instance ${instance}`);
        }
        const loser = passwords[(winner + 1) % SIGN_UPS];
        const refused = await call(d, 0, PATHS.passwordsAuthenticate, {
          email,
          password: loser,
          session_duration_minutes: 30,
        });
        assert.deepEqual(
          [refused.status, refused.body.error_type],
          [401, 'unauthorized_credentials'],
          'a refused password does not log in',
        );

        const db = await d.inspect();
        assert.equal(await count(db, 'select count(*)::int as n from user_emails where email = $1', [email]), 1);
        assert.equal(await count(db, 'select count(*)::int as n from users', []), 1);
        assert.equal(await count(db, 'select count(*)::int as n from user_passwords where user_id = $1', [userId]), 1);
        await assertNoOrphans(db);
      });
    },
  );

  it('magic link login_or_create: one user, every accepted send names it', async () => {
    await withDeployment(async (d) => {
      const email = uniqueEmail('race-magic');
      const answers = await inParallel(SIGN_UPS, (i) => call(d, i, PATHS.magicLinksEmailLoginOrCreate, { email }));
      const userId = assertOneUserOrRateLimited(answers);
      const db = await d.inspect();
      assert.equal(await count(db, 'select count(*)::int as n from users', []), 1);
      assert.equal(
        await count(db, 'select count(*)::int as n from user_emails where email = $1 and user_id = $2', [
          email,
          userId,
        ]),
        1,
      );
      await assertNoOrphans(db);
    });
  });

  it('OTP by email login_or_create: one user, one email method', async () => {
    await withDeployment(async (d) => {
      const email = uniqueEmail('race-otp');
      const answers = await inParallel(SIGN_UPS, (i) =>
        call(d, i, PATHS.otpsLoginOrCreate('email'), { email, expiration_minutes: 5 }),
      );
      const userId = assertOneUserOrRateLimited(answers);
      const methods = new Set(answers.filter((a) => a.status === 200).map((a) => dataOf(a).method_id));
      assert.equal(methods.size, 1, 'every accepted send names the same email method');
      const db = await d.inspect();
      assert.equal(await count(db, 'select count(*)::int as n from users', []), 1);
      assert.equal(
        await count(db, 'select count(*)::int as n from user_emails where email = $1 and user_id = $2', [
          email,
          userId,
        ]),
        1,
      );
      await assertNoOrphans(db);
    });
  });

  it('OTP by SMS login_or_create: one user, one phone number', async () => {
    await withDeployment(async (d) => {
      const phone = uniquePhone();
      const answers = await inParallel(SIGN_UPS, (i) =>
        call(d, i, PATHS.otpsLoginOrCreate('sms'), { phone_number: phone, expiration_minutes: 5 }),
      );
      const userId = assertOneUserOrRateLimited(answers);
      const db = await d.inspect();
      assert.equal(await count(db, 'select count(*)::int as n from users', []), 1);
      assert.equal(
        await count(db, 'select count(*)::int as n from user_phone_numbers where phone_number = $1 and user_id = $2', [
          phone,
          userId,
        ]),
        1,
      );
      await assertNoOrphans(db);
    });
  });

  it(
    'OAuth first sign-in (dev identity provider): every flow signs in the same user, no empty ' + 'user is left',
    async () => {
      await withDeployment(async (d) => {
        const email = uniqueEmail('race-oauth');
        const answers = await inParallel(SIGN_UPS, (i) => socialSignIn(d, i, email));
        assertNo5xx(answers);
        assert.deepEqual(tally(answers), { '200': SIGN_UPS }, 'every concurrent first sign-in succeeds');
        const userIds = new Set(answers.map((a) => dataOf(a).user_id));
        assert.equal(userIds.size, 1, `one user for one identity: ${JSON.stringify([...userIds])}`);
        const db = await d.inspect();
        assert.equal(await count(db, 'select count(*)::int as n from users', []), 1, 'exactly one user row');
        assert.equal(
          await count(db, `select count(*)::int as n from oauth_registrations where provider = 'google'`, []),
          1,
        );
        assert.equal(await count(db, 'select count(*)::int as n from user_emails where email = $1', [email]), 1);
        await assertNoOrphans(db);
      });
    },
  );
});

/**
 * One visitor's whole social sign-in: start on instance i, the dev provider's sign-in page on the same instance,
 * then POST /oauth/authenticate on the other instance (the load balancer may send it anywhere). Answers the
 * authenticate call; a start or provider step that does not redirect as expected fails the test.
 */
async function socialSignIn(d: Deployment, i: number, email: string): Promise<Answer> {
  const proc = d.instances[i % d.instances.length]!;
  const portal = `${proc.url}/student-portal`;
  const query = new URLSearchParams({
    public_token: DEFAULT_PUBLIC_TOKEN,
    login_redirect_url: portal,
    signup_redirect_url: portal,
  });
  const ip = clientIp(i);
  const start = await requestTo(proc, `/v1/public/oauth/google/start?${query}`, { clientIp: ip });
  assert.equal(start.status, 302, await start.text());
  const authorize = new URL(start.headers.get('Location') ?? '', proc.url);
  const state = authorize.searchParams.get('state');
  assert.ok(state, 'the start redirects to the dev provider with a state');
  const submit = await requestTo(proc, authorize.pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state, email, name: 'Grace Hopper' }).toString(),
    clientIp: ip,
  });
  const body = await submit.text();
  if (submit.status >= 500)
    return { status: submit.status, body: { error_type: 'dev_authorize', body: body.slice(0, 200) }, instance: i };
  assert.equal(submit.status, 302, `the dev provider redirects back: ${submit.status} ${body.slice(0, 300)}`);
  const token = new URL(submit.headers.get('Location') ?? '').searchParams.get('token');
  assert.ok(token, `the redirect carries a token: ${submit.headers.get('Location')}`);
  return call(d, i + 1, PATHS.oauthAuthenticate, { token, session_duration_minutes: 30 }, ip);
}

describe(`limits shared by every instance, ${where}`, () => {
  it(
    `${SENDS} magic links and ${SENDS} email passcodes to one address: exactly the ` + `per-address limit is sent`,
    async () => {
      await withDeployment(async (d) => {
        const email = uniqueEmail('limit');
        const links = await inParallel(SENDS, (i) => call(d, i, PATHS.magicLinksEmailLoginOrCreate, { email }));
        assertNo5xx(links);
        assert.deepEqual(tally(links), {
          '200': MAGIC_LINK_SEND_LIMIT,
          '429 too_many_requests': SENDS - MAGIC_LINK_SEND_LIMIT,
        });
        const codes = await inParallel(SENDS, (i) => call(d, i, PATHS.otpsLoginOrCreate('email'), { email }));
        assertNo5xx(codes);
        assert.deepEqual(tally(codes), { '200': OTP_SEND_LIMIT, '429 too_many_requests': SENDS - OTP_SEND_LIMIT });
        const db = await d.inspect();
        assert.equal(
          await count(db, `select count(*)::int as n from dev_messages where recipient = $1`, [email]),
          MAGIC_LINK_SEND_LIMIT + OTP_SEND_LIMIT,
          'the inbox holds exactly the accepted sends',
        );
        await assertNoOrphans(db);
      });
    },
  );

  it(`${SENDS} SMS passcodes to one number: exactly the per-number limit is sent`, async () => {
    await withDeployment(async (d) => {
      const phone = uniquePhone();
      const codes = await inParallel(SENDS, (i) => call(d, i, PATHS.otpsLoginOrCreate('sms'), { phone_number: phone }));
      assertNo5xx(codes);
      assert.deepEqual(tally(codes), { '200': OTP_SEND_LIMIT, '429 too_many_requests': SENDS - OTP_SEND_LIMIT });
    });
  });

  it(
    `${GUESSES} parallel wrong passwords from as many clients, then the right one: ` + `refused on every instance`,
    async () => {
      await withDeployment(async (d) => {
        const email = uniqueEmail('lockout');
        const password = strongPassword();
        dataOf(await call(d, 0, PATHS.passwords, { email, password, session_duration_minutes: 30 }, OWNER_IP));
        // One guess per client address (a spread-out attacker, whom only the per-user lock stops). Over HTTP the
        // arrival order of parallel requests is not the sending order, so the owner's password goes once the burst is
        // answered: a right password that happens to reach a free slot before the lock is not a guess that got through.
        const burst = await inParallel(GUESSES, (i) =>
          call(d, i, PATHS.passwordsAuthenticate, {
            email,
            password: `${password}-wrong-${i}`,
            session_duration_minutes: 30,
          }),
        );
        assertNo5xx(burst);
        const counts = tally(burst);
        assert.deepEqual(
          Object.keys(counts).filter(
            (key) => key !== '401 unauthorized_credentials' && key !== '429 user_lock_limit_reached',
          ),
          [],
          `every guess is refused as wrong or locked: ${JSON.stringify(counts)}`,
        );
        assert.ok(
          (counts['401 unauthorized_credentials'] ?? 0) < USER_LOCK_FAILURE_LIMIT,
          `fewer than ${USER_LOCK_FAILURE_LIMIT} guesses are answered as wrong; the one ` +
            `reaching the limit locks: ${JSON.stringify(counts)}`,
        );
        for (let instance = 0; instance < d.instances.length; instance++) {
          const again = await call(
            d,
            instance,
            PATHS.passwordsAuthenticate,
            { email, password, session_duration_minutes: 30 },
            OWNER_IP,
          );
          assert.deepEqual(
            [again.status, again.body.error_type],
            [429, 'user_lock_limit_reached'],
            `still locked on instance ${instance}`,
          );
        }
      });
    },
  );
});

describe(`${PASSKEY_REGISTRATIONS} parallel registrations of one WebAuthn credential, ${where}`, () => {
  it('exactly one 200, the rest 409 duplicate_webauthn_registration, one stored registration', async () => {
    await withDeployment(async (d) => {
      const owner = await call(
        d,
        0,
        PATHS.passwords,
        { email: uniqueEmail('race-passkey'), password: strongPassword(), session_duration_minutes: 30 },
        OWNER_IP,
      );
      const sessionToken = dataOf(owner).session_token as string;
      // Each request runs its ceremony on one instance, from that instance's own page origin (its allowed origin).
      const send = async (i: number, path: string, body: unknown): Promise<Answer> => {
        const instance = i % d.instances.length;
        const proc = d.instances[instance]!;
        const res = await requestTo(proc, `${SDK_BASE_PATH}${path}`, {
          method: 'POST',
          headers: { Authorization: basicAuth(sessionToken), 'Content-Type': 'application/json', Origin: proc.url },
          body: JSON.stringify(body),
          clientIp: clientIp(i),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown>, instance };
      };
      const rpId = new URL(d.instances[0]!.url).hostname;
      const starts = await inParallel(PASSKEY_REGISTRATIONS, (i) =>
        send(i, WEBAUTHN_PATHS.registerStart, {
          domain: rpId,
          user_agent: 'race',
          return_passkey_credential_options: true,
        }),
      );
      const authenticator = new SoftwareAuthenticator();
      const credentials = starts.map((start, i) =>
        authenticator.register(dataOf(start).public_key_credential_creation_options as string, {
          origin: d.instances[i % d.instances.length]!.url,
        }),
      );
      const answers = await inParallel(PASSKEY_REGISTRATIONS, (i) =>
        send(i, WEBAUTHN_PATHS.register, { public_key_credential: credentials[i] }),
      );
      assertNo5xx(answers);
      assert.deepEqual(tally(answers), { '200': 1, '409 duplicate_webauthn_registration': PASSKEY_REGISTRATIONS - 1 });
      const db = await d.inspect();
      assert.equal(
        await count(db, 'select count(*)::int as n from webauthn_registrations where credential_id = $1', [
          authenticator.id,
        ]),
        1,
      );
      await assertNoOrphans(db);
    });
  });
});

/**
 * Parallel first sign-ins of one crypto wallet, each starting and signing its own challenge: as many as the wallet's
 * start limit allows in one window.
 */
const WALLET_SIGN_INS = CRYPTO_WALLET_START_LIMIT;

describe(`${WALLET_SIGN_INS} parallel first sign-ins of one crypto wallet, ${where}`, () => {
  it(
    'those whose challenge is the newest sign in, all as the same single user with one wallet ' + 'row; none half-made',
    async () => {
      await withDeployment(async (d) => {
        const wallet = new EthereumTestWallet();
        const wire = { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' };
        // Only the wallet's newest live challenge is checked (one signature verification per attempt), so a sign-in
        // whose challenge a later start replaced is refused; the point here is that the winners make one user.
        const answers = await inParallel(WALLET_SIGN_INS, async (i) => {
          const start = await call(d, i, CRYPTO_WALLET_PATHS.authenticateStartPrimary, wire);
          if (start.status !== 200) return start;
          const signature = wallet.personalSign(dataOf(start).challenge as string);
          return call(d, i, CRYPTO_WALLET_PATHS.authenticate, { ...wire, signature, session_duration_minutes: 30 });
        });
        assertNo5xx(answers);
        const refusals = Object.keys(tally(answers)).filter((key) => key !== '200');
        for (const key of refusals)
          assert.match(key, /^(401 invalid_crypto_wallet_signature|404 crypto_wallet_challenge_not_found)$/, key);
        const winners = answers.filter((a) => a.status === 200);
        assert.ok(winners.length >= 1, `at least one sign-in wins: ${JSON.stringify(tally(answers))}`);
        const userIds = new Set(winners.map((a) => dataOf(a).user_id));
        assert.equal(userIds.size, 1, `every sign-in names the same user: ${JSON.stringify([...userIds])}`);
        const db = await d.inspect();
        assert.equal(await count(db, 'select count(*)::int as n from users', []), 1);
        assert.equal(
          await count(db, 'select count(*)::int as n from crypto_wallets where normalized_address = $1', [
            wallet.address.toLowerCase(),
          ]),
          1,
        );
        await assertNoOrphans(db);
      });
    },
  );
});

/** Copies of one signed challenge posted at once (a replay burst split across the instances). */
const WALLET_REPLAYS = 20;

describe(`one signed crypto wallet challenge posted ${WALLET_REPLAYS} times at once, ${where}`, () => {
  it(
    'exactly one 200, the rest 404 crypto_wallet_challenge_not_found; one user with the ' +
      'wallet, the challenge gone',
    async () => {
      await withDeployment(async (d) => {
        const wallet = new EthereumTestWallet();
        const wire = { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' };
        const start = await call(d, 0, CRYPTO_WALLET_PATHS.authenticateStartPrimary, wire);
        const signature = wallet.personalSign(dataOf(start).challenge as string);
        const answers = await inParallel(WALLET_REPLAYS, (i) =>
          call(d, i, CRYPTO_WALLET_PATHS.authenticate, { ...wire, signature, session_duration_minutes: 30 }),
        );
        assertNo5xx(answers);
        assert.deepEqual(tally(answers), { '200': 1, '404 crypto_wallet_challenge_not_found': WALLET_REPLAYS - 1 });
        const db = await d.inspect();
        assert.equal(await count(db, 'select count(*)::int as n from users', []), 1);
        assert.equal(
          await count(db, 'select count(*)::int as n from crypto_wallets where normalized_address = $1', [
            wallet.address.toLowerCase(),
          ]),
          1,
        );
        assert.equal(await count(db, 'select count(*)::int as n from crypto_wallet_challenges', []), 0);
        await assertNoOrphans(db);
      });
    },
  );
});
