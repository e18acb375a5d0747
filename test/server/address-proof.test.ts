// The proof rule (services/proof.ts): an address or phone number belongs to whoever proved it. Each of the three
// pre-hijacking routes it closes is tried here as an attacker would, then the owner proves the address: the owner
// is signed in, and nothing the attacker put in place still works.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CRYPTO_WALLET_PATHS } from '../../src/api/crypto-wallets.ts';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import { SolanaTestWallet } from './crypto-wallets-keys.ts';
import { Browser, location, startOidcStandIn, submitForm, type OidcStandIn } from './oidc-stand-in.ts';
import {
  dataOf,
  expectError,
  get,
  inbox,
  latestToken,
  PAGE_ORIGIN,
  PORTAL_URL,
  post,
  signIn,
  startTestService,
  uniqueEmail,
  uniquePhone,
  type TestService,
} from './support.ts';

const ATTACKER_PASSWORD = 'correct horse battery staple 7';
const RESET_PASSWORD = 'Password must be reset.';
const UNABLE_TO_AUTH_MAGIC_LINK =
  'The magic link could not be authenticated because it was either already used or expired. ' +
  'Send another magic link to this user.';
const FROM_PAGE = { Origin: PAGE_ORIGIN };

// A provider (oidc-provider standing in for GitLab-like OpenID providers) whose next sign-in says whatever address
// and verification the test sets.
const CLIENT_ID = 'proof-test-client';
const CLIENT_SECRET = 'proof-test-secret-that-is-long-enough-0123456789';
const SERVICE_ORIGIN = 'http://localhost';
const CALLBACK_URL = `${SERVICE_ORIGIN}/v1/public/oauth/google/callback`;
const providerSays = { email: '', emailVerified: true };

let t: TestService;
let standIn: OidcStandIn;

before(async () => {
  standIn = await startOidcStandIn(() => ({
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [CALLBACK_URL],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email: providerSays.email, email_verified: providerSays.emailVerified }),
    }),
    cookies: { keys: ['test-only-cookie-key'] },
  }));
  t = await startTestService({
    oauthProviders: { google: { issuer: standIn.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } },
  });
});

after(async () => {
  await t?.close();
  await standIn?.close();
});

interface Auth {
  user_id: string;
  session_token: string;
  user: {
    emails: { email: string; verified: boolean }[];
    phone_numbers: unknown[];
    crypto_wallets: unknown[];
    password: unknown;
  };
}

/** The attacker signs up first with the victim's address and a password of their own. */
async function attackerSignsUp(email: string): Promise<Auth> {
  return dataOf<Auth>(
    await post(t, '/passwords', { email, password: ATTACKER_PASSWORD, session_duration_minutes: 60 }),
  );
}

function passwordLogin(email: string, password = ATTACKER_PASSWORD): Promise<Response> {
  return post(t, '/passwords/authenticate', { email, password, session_duration_minutes: 60 });
}

async function magicLinkSignIn(email: string, sessionToken?: string): Promise<Auth> {
  await dataOf(
    await post(t, '/magic_links/email/login_or_create', {
      email,
      login_magic_link_url: PORTAL_URL,
      signup_magic_link_url: PORTAL_URL,
    }),
  );
  const token = await latestToken(t, email);
  return dataOf<Auth>(
    await post(
      t,
      '/magic_links/authenticate',
      { token, session_duration_minutes: 60 },
      sessionToken ? { sessionToken } : {},
    ),
  );
}

async function latestCode(to: string): Promise<string> {
  const [message] = await inbox(t, to);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  assert.ok(code, `a passcode to ${to}`);
  return code;
}

async function emailPasscodeSignIn(email: string): Promise<Auth> {
  const sent = await dataOf<{ method_id: string }>(await post(t, '/otps/email/login_or_create', { email }));
  return dataOf<Auth>(
    await post(t, '/otps/authenticate', {
      token: await latestCode(email),
      method_id: sent.method_id,
      session_duration_minutes: 60,
    }),
  );
}

async function me(sessionToken: string): Promise<Response> {
  return get(t, '/users/me', { sessionToken });
}

async function expectSessionEnded(sessionToken: string): Promise<void> {
  await expectError(await post(t, '/sessions/authenticate', {}, { sessionToken }), 404, 'session_not_found');
}

async function countRows(table: string, userId: string): Promise<number> {
  const [row] = await t.service.db.query<{ n: number }>(`select count(*)::int as n from ${table} where user_id = $1`, [
    userId,
  ]);
  return row?.n ?? 0;
}

/** The attacker's own wallet, added from the attacker's session (a factor that does not prove the address). */
async function addWallet(sessionToken: string): Promise<void> {
  const wallet = new SolanaTestWallet();
  const headers = { headers: FROM_PAGE, sessionToken };
  const { challenge } = await dataOf<{ challenge: string }>(
    await post(
      t,
      CRYPTO_WALLET_PATHS.authenticateStartSecondary,
      { crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana' },
      headers,
    ),
  );
  await dataOf(
    await post(
      t,
      CRYPTO_WALLET_PATHS.authenticate,
      {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'solana',
        signature: wallet.signMessage(challenge),
        session_duration_minutes: 60,
      },
      headers,
    ),
  );
}

/** A sign-in through the provider standing in for GitLab; the token the service hands back to the page. */
async function providerSignIn(email: string, emailVerified: boolean): Promise<Auth> {
  Object.assign(providerSays, { email, emailVerified });
  const query = new URLSearchParams({
    public_token: DEFAULT_PUBLIC_TOKEN,
    login_redirect_url: PORTAL_URL,
    signup_redirect_url: PORTAL_URL,
  });
  const start = await t.service.app.request(`${SERVICE_ORIGIN}/v1/public/oauth/google/start?${query}`);
  const browser = new Browser();
  let url = location(start, SERVICE_ORIGIN);
  for (let step = 0; step < 12 && !url.startsWith(CALLBACK_URL); step += 1) {
    const res = new URL(url).pathname.startsWith('/interaction/')
      ? await submitForm(browser, url, { login: `subject-${crypto.randomUUID()}`, password: 'anything' })
      : await browser.providerRequest(url);
    url = location(res, url);
  }
  const callback = await t.service.app.request(url);
  const token = new URL(location(callback, SERVICE_ORIGIN)).searchParams.get('token');
  assert.ok(token, `a token from ${location(callback, SERVICE_ORIGIN)}`);
  return dataOf<Auth>(await post(t, '/oauth/authenticate', { token, session_duration_minutes: 60 }));
}

describe('route 1: a password sign-up with someone else’s address', () => {
  for (const [how, proveAddress] of [
    ['magic link', magicLinkSignIn],
    ['email passcode', emailPasscodeSignIn],
  ] as const) {
    it(
      `the owner's ${how} sign-in clears the account: the password needs a reset, ` + `sessions and factors are gone`,
      async () => {
        const victim = uniqueEmail('victim');
        const attacker = await attackerSignsUp(victim);
        assert.deepEqual(
          attacker.user.emails.map((e) => [e.email, e.verified]),
          [[victim, false]],
        );
        await dataOf(await post(t, '/totps', { expiration_minutes: 5 }, { sessionToken: attacker.session_token }));
        await addWallet(attacker.session_token);
        assert.equal(await countRows('crypto_wallets', attacker.user_id), 1);

        const owner = await proveAddress(victim);
        // The owner lands in the account the address named, now cleared.
        assert.equal(owner.user_id, attacker.user_id);
        assert.deepEqual(
          owner.user.emails.map((e) => [e.email, e.verified]),
          [[victim, true]],
        );
        assert.deepEqual(owner.user.crypto_wallets, []);
        assert.equal(await countRows('totps', owner.user_id), 0);
        assert.equal(await countRows('crypto_wallets', owner.user_id), 0);
        // The attacker's session ended and the password answers the reset-required path.
        await expectSessionEnded(attacker.session_token);
        await expectError(await passwordLogin(victim), 400, 'reset_password', RESET_PASSWORD);
        // The owner's own session is untouched.
        assert.equal((await dataOf<{ user_id: string }>(await me(owner.session_token))).user_id, owner.user_id);
      },
    );
  }

  it(
    'the owner proving the address again later changes nothing more (the rule fires on the ' + 'first proof only)',
    async () => {
      const victim = uniqueEmail('victim');
      const attacker = await attackerSignsUp(victim);
      const first = await magicLinkSignIn(victim);
      const second = await magicLinkSignIn(victim);
      assert.equal(second.user_id, first.user_id);
      assert.equal(first.user_id, attacker.user_id);
      assert.equal((await dataOf<{ user_id: string }>(await me(first.session_token))).user_id, first.user_id);
    },
  );

  it('a password sign-up that proves its own address from its own session keeps everything', async () => {
    const email = uniqueEmail('honest');
    const signedUp = await attackerSignsUp(email);
    await dataOf(await post(t, '/totps', { expiration_minutes: 5 }, { sessionToken: signedUp.session_token }));
    const proven = await magicLinkSignIn(email, signedUp.session_token);
    assert.equal(proven.user_id, signedUp.user_id);
    assert.equal(proven.session_token, signedUp.session_token);
    assert.deepEqual(
      proven.user.emails.map((e) => [e.email, e.verified]),
      [[email, true]],
    );
    assert.equal(await countRows('totps', signedUp.user_id), 1);
    await dataOf(await passwordLogin(email));
  });

  it(
    'an account anchored by another proven contact keeps it; the unproven address alone goes ' + 'to its prover',
    async () => {
      const victim = uniqueEmail('victim');
      const attacker = await attackerSignsUp(victim);
      // The attacker proves a phone number of their own from the password session.
      const phone = uniquePhone();
      const sent = await dataOf<{ method_id: string }>(
        await post(t, '/otps/sms/send/secondary', { phone_number: phone }, { sessionToken: attacker.session_token }),
      );
      await dataOf(
        await post(
          t,
          '/otps/authenticate',
          { token: await latestCode(phone), method_id: sent.method_id, session_duration_minutes: 60 },
          { sessionToken: attacker.session_token },
        ),
      );

      const owner = await magicLinkSignIn(victim);
      assert.notEqual(owner.user_id, attacker.user_id, 'the owner is not signed in to the attacker’s account');
      assert.deepEqual(
        owner.user.emails.map((e) => [e.email, e.verified]),
        [[victim, true]],
      );
      assert.deepEqual(owner.user.phone_numbers, []);
      const attackerNow = await dataOf<Auth['user']>(await me(attacker.session_token));
      assert.deepEqual(attackerNow.emails, [], 'the victim’s address left the attacker’s account');
      // The attacker's password no longer reaches anything through the victim's address.
      await expectError(await passwordLogin(victim), 400, 'reset_password', RESET_PASSWORD);
    },
  );
});

describe('route 2: send/secondary with someone else’s address', () => {
  for (const [how, path] of [
    ['magic link', '/magic_links/email/send/secondary'],
    ['email passcode', '/otps/email/send/secondary'],
  ] as const) {
    it(
      `${how}: nothing is attached before the link or code is used, and the owner signs ` +
        `in to an account of their own`,
      async () => {
        const attacker = await signIn(t, uniqueEmail('attacker'));
        const victim = uniqueEmail('victim');
        const body = path.startsWith('/magic')
          ? { email: victim, login_magic_link_url: PORTAL_URL }
          : { email: victim };
        const sent = await dataOf<{ user_id: string }>(
          await post(t, path, body, { sessionToken: attacker.sessionToken }),
        );
        assert.equal(sent.user_id, attacker.userId);
        const attached = await dataOf<Auth['user']>(await me(attacker.sessionToken));
        assert.deepEqual(
          attached.emails.map((e) => e.email),
          [attacker.email],
        );

        const owner = await emailPasscodeSignIn(victim);
        assert.notEqual(owner.user_id, attacker.userId);
        assert.deepEqual(
          owner.user.emails.map((e) => [e.email, e.verified]),
          [[victim, true]],
        );
        const after = await dataOf<Auth['user']>(await me(attacker.sessionToken));
        assert.deepEqual(
          after.emails.map((e) => e.email),
          [attacker.email],
        );
      },
    );
  }

  it('a secondary link works only for the session that asked for it', async () => {
    const student = await signIn(t, uniqueEmail('student'));
    const extra = uniqueEmail('extra');
    await dataOf(
      await post(
        t,
        '/magic_links/email/send/secondary',
        { email: extra, login_magic_link_url: PORTAL_URL },
        { sessionToken: student.sessionToken },
      ),
    );
    const token = await latestToken(t, extra);
    // Opened elsewhere (the owner of the mailbox, or anyone else): refused, and the link stays usable.
    await expectError(
      await post(t, '/magic_links/authenticate', { token, session_duration_minutes: 60 }),
      401,
      'unable_to_auth_magic_link',
      UNABLE_TO_AUTH_MAGIC_LINK,
    );
    const other = await signIn(t, uniqueEmail('other'));
    await expectError(
      await post(
        t,
        '/magic_links/authenticate',
        { token, session_duration_minutes: 60 },
        { sessionToken: other.sessionToken },
      ),
      401,
      'unable_to_auth_magic_link',
    );
    const used = await dataOf<Auth>(
      await post(
        t,
        '/magic_links/authenticate',
        { token, session_duration_minutes: 60 },
        { sessionToken: student.sessionToken },
      ),
    );
    assert.equal(used.user_id, student.userId);
    assert.deepEqual(
      used.user.emails.map((e) => [e.email, e.verified]).sort(),
      [
        [extra, true],
        [student.email, true],
      ].sort(),
    );
  });

  it('a secondary passcode from another session counts as a wrong code and attaches nothing', async () => {
    const student = await signIn(t, uniqueEmail('student'));
    const phone = uniquePhone();
    const sent = await dataOf<{ method_id: string }>(
      await post(t, '/otps/sms/send/secondary', { phone_number: phone }, { sessionToken: student.sessionToken }),
    );
    const code = await latestCode(phone);
    const other = await signIn(t, uniqueEmail('other'));
    await expectError(
      await post(
        t,
        '/otps/authenticate',
        { token: code, method_id: sent.method_id, session_duration_minutes: 60 },
        { sessionToken: other.sessionToken },
      ),
      401,
      'otp_code_not_found',
    );
    await expectError(
      await post(t, '/otps/authenticate', { token: code, method_id: sent.method_id, session_duration_minutes: 60 }),
      401,
      'otp_code_not_found',
    );
    assert.deepEqual((await dataOf<Auth['user']>(await me(other.sessionToken))).phone_numbers, []);
    assert.deepEqual((await dataOf<Auth['user']>(await me(student.sessionToken))).phone_numbers, []);
  });

  it(
    'adding an address a password sign-up holds unproven moves it to the prover and deletes ' + 'the emptied account',
    async () => {
      const victim = uniqueEmail('victim');
      const attacker = await attackerSignsUp(victim);
      const owner = await signIn(t, uniqueEmail('owner'));
      await dataOf(
        await post(
          t,
          '/magic_links/email/send/secondary',
          { email: victim, login_magic_link_url: PORTAL_URL },
          { sessionToken: owner.sessionToken },
        ),
      );
      const added = await dataOf<Auth>(
        await post(
          t,
          '/magic_links/authenticate',
          { token: await latestToken(t, victim), session_duration_minutes: 60 },
          { sessionToken: owner.sessionToken },
        ),
      );
      assert.equal(added.user_id, owner.userId);
      assert.deepEqual(
        added.user.emails.map((e) => [e.email, e.verified]).sort(),
        [
          [owner.email, true],
          [victim, true],
        ].sort(),
      );
      await expectSessionEnded(attacker.session_token);
      assert.equal((await t.service.db.query('select 1 from users where id = $1', [attacker.user_id])).length, 0);
      await expectError(await passwordLogin(victim), 400, 'reset_password', RESET_PASSWORD);
    },
  );
});

describe('route 3: a provider’s verified address after a password sign-up', () => {
  it('signs the owner in to the cleared account; the attacker’s password and session no longer work', async () => {
    const victim = uniqueEmail('victim');
    const attacker = await attackerSignsUp(victim);
    await dataOf(await post(t, '/totps', { expiration_minutes: 5 }, { sessionToken: attacker.session_token }));
    const owner = await providerSignIn(victim, true);
    assert.equal(owner.user_id, attacker.user_id);
    assert.deepEqual(
      owner.user.emails.map((e) => [e.email, e.verified]),
      [[victim, true]],
    );
    assert.equal(await countRows('totps', owner.user_id), 0);
    await expectSessionEnded(attacker.session_token);
    await expectError(await passwordLogin(victim), 400, 'reset_password', RESET_PASSWORD);
  });

  it('an address the provider did not verify never merges and is not attached', async () => {
    const owner = await signIn(t, uniqueEmail('owner'));
    const stranger = await providerSignIn(owner.email, false);
    assert.notEqual(stranger.user_id, owner.userId);
    assert.deepEqual(stranger.user.emails, []);
    // Nor does it claim a new address.
    const fresh = uniqueEmail('fresh');
    const another = await providerSignIn(fresh, false);
    assert.deepEqual(another.user.emails, []);
    const later = await magicLinkSignIn(fresh);
    assert.notEqual(later.user_id, another.user_id);
  });
});

describe('a password reset link is a proof too', () => {
  it('clears the account the attacker made before it sets the new password', async () => {
    const victim = uniqueEmail('victim');
    const attacker = await attackerSignsUp(victim);
    await dataOf(await post(t, '/totps', { expiration_minutes: 5 }, { sessionToken: attacker.session_token }));
    await dataOf(
      await post(t, '/passwords/email/reset/start', { email: victim, reset_password_redirect_url: PORTAL_URL }),
    );
    const token = await latestToken(t, victim);
    const reset = await dataOf<Auth>(
      await post(t, '/passwords/email/reset', {
        token,
        password: 'a brand new passphrase 42!',
        session_duration_minutes: 60,
      }),
    );
    assert.equal(reset.user_id, attacker.user_id);
    assert.equal(await countRows('totps', reset.user_id), 0);
    await expectSessionEnded(attacker.session_token);
    await expectError(await passwordLogin(victim), 401, 'unauthorized_credentials');
    await dataOf(await passwordLogin(victim, 'a brand new passphrase 42!'));
  });
});

describe('concurrent proofs of one address', () => {
  it('two proofs at once: both sign in to the one account; the rule clears it once', async () => {
    const victim = uniqueEmail('victim');
    const attacker = await attackerSignsUp(victim);
    await dataOf(
      await post(t, '/magic_links/email/login_or_create', { email: victim, login_magic_link_url: PORTAL_URL }),
    );
    await dataOf(
      await post(t, '/magic_links/email/login_or_create', { email: victim, login_magic_link_url: PORTAL_URL }),
    );
    const tokens = (await inbox(t, victim)).map((m) => new URL(m.links[0] ?? '').searchParams.get('token'));
    const results = await Promise.all(
      tokens.map((token) => post(t, '/magic_links/authenticate', { token, session_duration_minutes: 60 })),
    );
    const users = await Promise.all(results.map((res) => dataOf<Auth>(res)));
    assert.deepEqual(new Set(users.map((u) => u.user_id)), new Set([attacker.user_id]));
    const emails = await t.service.db.query<{ verified: boolean }>(
      'select verified from user_emails where email = $1',
      [victim],
    );
    assert.deepEqual(emails, [{ verified: true }]);
    for (const user of users)
      assert.equal((await dataOf<{ user_id: string }>(await me(user.session_token))).user_id, attacker.user_id);
  });
});
