// Passwords: Argon2id hashing, the strength check under both policies (zxcvbn and LUDS), the breached list, the user
// search, create and authenticate, dedupe of passwordless accounts, the reset flows (email token single use, expiry,
// PKCE), lockout, and malformed input.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { DEFAULT_PASSWORD_RESET_EXPIRATION_MINUTES } from '../../src/api/passwords.ts';
import {
  ARGON2_MEMORY_COST_KIB,
  ARGON2_PARALLELISM,
  ARGON2_TIME_COST,
  MAX_PASSWORD_LENGTH,
} from '../../src/server/constants/passwords.ts';
import { USER_LOCK_DURATION_MS, USER_LOCK_FAILURE_LIMIT } from '../../src/server/constants/rate-limits.ts';
import { breachedPasswordCount, isBreachedPassword } from '../../src/server/security/breached-passwords.ts';
import { s256Challenge } from '../../src/server/security/pkce.ts';
import {
  dataOf,
  expectError,
  inbox,
  post,
  PORTAL_URL,
  signIn,
  startTestService,
  uniqueEmail,
  type TestService,
} from './support.ts';

const STRONG = 'correct horse battery staple';
const STRONG_2 = 'purple-elephant-on-a-bicycle';
const BREACHED_MESSAGE =
  'This password may have been used on a different site that experienced a security issue. ' +
  'Please choose another password.';
const MINUTE = 60_000;

let t: TestService;
let luds: TestService;
before(async () => {
  t = await startTestService();
  luds = await startTestService({ passwordPolicy: { kind: 'luds', minimumCount: 10, complexity: 3 } });
});
after(async () => {
  await t.close();
  await luds.close();
});

async function create(service: TestService, email: string, password = STRONG) {
  return post(service, '/passwords', { email, password, session_duration_minutes: 30 });
}
async function login(email: string, password: string) {
  return post(t, '/passwords/authenticate', { email, password, session_duration_minutes: 30 });
}
async function strength(service: TestService, password: string, email?: string) {
  return dataOf<{
    valid_password: boolean;
    score: number;
    breached_password: boolean;
    breach_detection_on_create: boolean;
    strength_policy: string;
    feedback: { warning: string; suggestions: string[]; luds_requirements: Record<string, unknown> };
  }>(await post(service, '/passwords/strength_check', { password, ...(email ? { email } : {}) }));
}
async function search(email: string) {
  return (await dataOf<{ userType: string }>(await post(t, '/users/search', { email }))).userType;
}
async function startReset(email: string, extra: Record<string, unknown> = {}) {
  return post(t, '/passwords/email/reset/start', { email, reset_password_redirect_url: PORTAL_URL, ...extra });
}
/** The token of the newest reset link to `email`, checking the link names its token type. */
async function resetToken(email: string): Promise<string> {
  const [message] = await inbox(t, email);
  assert.ok(message, `a message to ${email}`);
  const link = new URL(message.links[0] ?? '');
  assert.equal(`${link.origin}${link.pathname}`, PORTAL_URL);
  assert.equal(link.searchParams.get('stytch_token_type'), 'reset_password');
  const token = link.searchParams.get('token');
  assert.ok(token);
  return token;
}
function reset(token: string, password: string, extra: Record<string, unknown> = {}) {
  return post(t, '/passwords/email/reset', { token, password, session_duration_minutes: 30, ...extra });
}

describe('password hashing', () => {
  it('stores an Argon2id PHC string with the named parameters, never the password', async () => {
    const email = uniqueEmail();
    await dataOf(await create(t, email));
    const rows = await t.service.db.query<{ password_hash: string }>(
      `select p.password_hash from user_passwords p join user_emails e on e.user_id = p.user_id where e.email = $1`,
      [email],
    );
    const stored = rows[0]?.password_hash ?? '';
    assert.match(
      stored,
      new RegExp(`^\\$argon2id\\$v=19\\$m=${ARGON2_MEMORY_COST_KIB},t=${ARGON2_TIME_COST},p=${ARGON2_PARALLELISM}\\$`),
    );
    assert.ok(!stored.includes(STRONG));
    assert.ok(!stored.includes(createHash('sha256').update(STRONG).digest('hex')));
    assert.ok(ARGON2_MEMORY_COST_KIB >= 19_456 && ARGON2_TIME_COST >= 2 && ARGON2_PARALLELISM >= 1, 'OWASP minimums');
    // Two users with the same password get different hashes (random salt).
    const other = uniqueEmail();
    await dataOf(await create(t, other));
    const [second] = await t.service.db.query<{ password_hash: string }>(
      `select p.password_hash from user_passwords p join user_emails e on e.user_id = p.user_id where e.email = $1`,
      [other],
    );
    assert.notEqual(second?.password_hash, stored);
  });
});

describe('strength check: zxcvbn policy', () => {
  const cases: [string, number, boolean, string][] = [
    ['password', 0, false, 'This is a top-10 common password'],
    ['kittenZ42', 1, false, 'This is similar to a commonly used password'],
    ['monkey2024x', 2, false, 'This is similar to a commonly used password'],
    ['blueocean77', 3, true, ''],
    ['kx9#Lm2!vQ8z', 4, true, ''],
  ];
  for (const [password, score, valid, warning] of cases) {
    it(`"${password}" scores ${score}, valid ${valid}`, async () => {
      const data = await strength(t, password);
      assert.equal(data.score, score);
      assert.equal(data.valid_password, valid);
      assert.equal(data.strength_policy, 'zxcvbn');
      assert.equal(data.feedback.warning, warning);
      assert.equal(data.breach_detection_on_create, true);
      assert.deepEqual(Object.keys(data.feedback.luds_requirements).sort(), [
        'has_digit',
        'has_lower_case',
        'has_symbol',
        'has_upper_case',
        'missing_characters',
        'missing_complexity',
      ]);
    });
  }

  it('gives zxcvbn suggestions: repeats, sequences, years', async () => {
    assert.deepEqual((await strength(t, 'aaaaaa')).feedback.suggestions, [
      'Add another word or two. Uncommon words are better.',
      'Avoid repeated words and characters',
    ]);
    assert.ok((await strength(t, '1985')).feedback.suggestions.includes('Avoid recent years'));
    assert.equal((await strength(t, 'john1988')).feedback.warning, 'Common names and surnames are easy to guess');
  });

  it('counts the email address as guessable', async () => {
    const plain = await strength(t, 'blueocean77');
    const withEmail = await strength(t, 'blueocean77', 'blueocean77@example.com');
    assert.ok(withEmail.score < plain.score, `${withEmail.score} < ${plain.score}`);
  });
});

describe('strength check: LUDS policy', () => {
  it(
    'reports missing characters and complexity from the project config, and publishes it in ' + 'the bootstrap',
    async () => {
      const short = await strength(luds, 'abc');
      assert.equal(short.strength_policy, 'luds');
      assert.equal(short.valid_password, false);
      assert.deepEqual(short.feedback.luds_requirements, {
        has_lower_case: true,
        has_upper_case: false,
        has_digit: false,
        has_symbol: false,
        missing_characters: 7,
        missing_complexity: 2,
      });
      assert.equal(short.feedback.warning, '');
      assert.deepEqual(short.feedback.suggestions, []);

      const oneShort = await strength(luds, 'Abcdefgh1');
      assert.equal(oneShort.feedback.luds_requirements.missing_characters, 1);
      assert.equal(oneShort.feedback.luds_requirements.missing_complexity, 0);

      const good = await strength(luds, 'Quiet-river-7');
      assert.equal(good.valid_password, true);
      assert.equal(good.feedback.luds_requirements.missing_characters, 0);

      const res = await luds.service.app.request(`/sdk/v1/projects/bootstrap/${luds.service.config.publicToken}`);
      const body = (await res.json()) as { data: { password_config: unknown } };
      assert.deepEqual(body.data.password_config, { luds_complexity: 3, luds_minimum_count: 10 });
    },
  );

  it('LUDS create refuses a password that does not meet the rules', async () => {
    await expectError(
      await create(luds, uniqueEmail(), 'short'),
      400,
      'weak_password',
      /5 more character\(s\) and 2 more kind/,
    );
    await dataOf(await create(luds, uniqueEmail(), 'Quiet-river-7'));
  });
});

describe('breached passwords', () => {
  it("the list is zxcvbn's 30,000 leaked passwords, checked case-insensitively", () => {
    assert.equal(breachedPasswordCount(), 30_000);
    assert.equal(isBreachedPassword('123456'), true);
    assert.equal(isBreachedPassword('Dragon'), true);
    assert.equal(isBreachedPassword(STRONG), false);
  });

  it('a breached password is never valid, even when LUDS rules are met', async () => {
    const data = await strength(luds, 'Password123');
    assert.equal(data.breached_password, true);
    assert.equal(data.feedback.luds_requirements.missing_complexity, 0);
    assert.equal(data.valid_password, false);
  });

  it('create refuses a breached password with the breached message', async () => {
    await expectError(await create(luds, uniqueEmail(), 'Password123'), 400, 'weak_password', BREACHED_MESSAGE);
  });

  it('authenticate with a right but breached password gives breached_password and then requires a reset', async () => {
    // Under LUDS 'Password123' could never be created, so the breached password is put in place directly.
    const email = uniqueEmail();
    await dataOf(await create(t, email));
    const { hashPassword } = await import('../../src/server/security/password-hashing.ts');
    await t.service.db.query(
      `update user_passwords set password_hash = $2 where user_id = (select user_id from user_emails where email = $1)`,
      [email, await hashPassword('letmein')],
    );
    await expectError(
      await login(email, 'letmein'),
      400,
      'breached_password',
      'Password appears in the list of breached passwords and must be reset.',
    );
    await expectError(await login(email, 'letmein'), 400, 'reset_password', 'Password must be reset.');
    assert.equal(await search(email), 'password');
  });
});

describe('user search, create, authenticate', () => {
  it('user type is new, then password after create; passwordless for a magic-link user', async () => {
    const email = uniqueEmail();
    assert.equal(await search(email), 'new');
    const created = await dataOf<{
      user_id: string;
      email_id: string;
      session_token: string;
      user: { password: { requires_reset: boolean } | null };
      session: { authentication_factors: { type: string; delivery_method: string }[] };
    }>(await create(t, email));
    assert.match(created.email_id, /^email-test-/);
    assert.equal(created.user.password?.requires_reset, false);
    assert.deepEqual(
      created.session.authentication_factors.map((f) => [f.type, f.delivery_method]),
      [['password', 'knowledge']],
    );
    assert.equal(await search(email.toUpperCase()), 'password');
    const signedIn = await signIn(t);
    assert.equal(await search(signedIn.email), 'passwordless');
  });

  it('logs in with the right password; a wrong password and an unknown address get the same answer', async () => {
    const email = uniqueEmail();
    await dataOf(await create(t, email));
    const data = await dataOf<{ session_token: string; user_id: string }>(await login(email, STRONG));
    assert.ok(data.session_token.length > 20);
    await expectError(
      await login(email, 'not the password'),
      401,
      'unauthorized_credentials',
      'Unauthorized credentials.',
    );
    await expectError(await login(uniqueEmail(), STRONG), 401, 'unauthorized_credentials', 'Unauthorized credentials.');
  });

  it('create for an address with a password gives duplicate_email; create refuses a weak password', async () => {
    const email = uniqueEmail();
    await dataOf(await create(t, email));
    await expectError(await create(t, email, STRONG_2), 400, 'duplicate_email');
    await expectError(await create(t, uniqueEmail(), 'monkey2024x'), 400, 'weak_password', /^Password is too weak/);
  });

  it(
    'dedupe: a passwordless user gets reset_password on create and on authenticate; the reset ' +
      'email sets a password',
    async () => {
      const { email } = await signIn(t);
      await expectError(await create(t, email), 400, 'reset_password', 'Password must be reset.');
      await expectError(await login(email, STRONG), 400, 'reset_password', 'Password must be reset.');
      await dataOf(await startReset(email));
      const token = await resetToken(email);
      await dataOf(await reset(token, STRONG));
      assert.equal(await search(email), 'password');
      await dataOf(await login(email, STRONG));
    },
  );
});

describe('password reset by email', () => {
  it('sends a link of type reset_password; the token is stored hashed, single use, and signs the user in', async () => {
    const email = uniqueEmail();
    await dataOf(await create(t, email));
    await dataOf(await startReset(email));
    const [message] = await inbox(t, email);
    assert.equal(message?.subject, 'Reset your Westlight University password');
    assert.match(
      message?.text ?? '',
      new RegExp(`expires in ${DEFAULT_PASSWORD_RESET_EXPIRATION_MINUTES} minutes and works once`),
    );
    const token = await resetToken(email);
    const stored = await t.service.db.query<{ token_hash: string }>('select token_hash from password_resets');
    assert.ok(stored.some((r) => r.token_hash === createHash('sha256').update(token).digest('hex')));
    assert.ok(!stored.some((r) => r.token_hash === token));

    await expectError(await reset(token, 'monkey2024x'), 400, 'weak_password');
    const done = await dataOf<{ session: { authentication_factors: { type: string; delivery_method: string }[] } }>(
      await reset(token, STRONG_2),
    );
    assert.deepEqual(
      done.session.authentication_factors.map((f) => [f.type, f.delivery_method]),
      [['password_reset', 'email']],
    );
    await expectError(await reset(token, STRONG_2), 401, 'unable_to_auth_magic_link');
    await expectError(await login(email, STRONG), 401, 'unauthorized_credentials');
    await dataOf(await login(email, STRONG_2));
  });

  it('expires after the requested minutes (service clock)', async () => {
    const email = uniqueEmail();
    await dataOf(await create(t, email));
    await dataOf(await startReset(email, { reset_password_expiration_minutes: 10 }));
    const token = await resetToken(email);
    t.advance(10 * MINUTE + 1000);
    await expectError(await reset(token, STRONG_2), 401, 'unable_to_auth_magic_link');
  });

  it('is bound to its PKCE challenge when started with one', async () => {
    const email = uniqueEmail();
    await dataOf(await create(t, email));
    const verifier = 'a'.repeat(64);
    await dataOf(await startReset(email, { code_challenge: s256Challenge(verifier) }));
    const token = await resetToken(email);
    await expectError(await reset(token, STRONG_2), 400, 'pkce_expected_code_verifier');
    await expectError(await reset(token, STRONG_2, { code_verifier: 'b'.repeat(64) }), 400, 'pkce_mismatch');
    await dataOf(await reset(token, STRONG_2, { code_verifier: verifier }));
  });

  it('refuses an unknown address and a redirect URL outside the allowlist', async () => {
    await expectError(await startReset(uniqueEmail()), 404, 'email_not_found');
    const email = uniqueEmail();
    await dataOf(await create(t, email));
    await expectError(
      await startReset(email, { reset_password_redirect_url: 'https://evil.example/' }),
      400,
      'invalid_redirect_url',
    );
  });
});

describe('other resets', () => {
  it('existing_password/reset needs the current password', async () => {
    const email = uniqueEmail();
    await dataOf(await create(t, email));
    const body = { email, existing_password: 'wrong password', new_password: STRONG_2, session_duration_minutes: 30 };
    await expectError(await post(t, '/passwords/existing_password/reset', body), 401, 'unauthorized_credentials');
    await dataOf(await post(t, '/passwords/existing_password/reset', { ...body, existing_password: STRONG }));
    await dataOf(await login(email, STRONG_2));
  });

  it('session/reset needs a session and sets the password of its user', async () => {
    const { email, sessionToken } = await signIn(t);
    await expectError(await post(t, '/passwords/session/reset', { password: STRONG_2 }), 401, 'user_unauthenticated');
    await dataOf(await post(t, '/passwords/session/reset', { password: STRONG_2 }, { sessionToken }));
    await dataOf(await login(email, STRONG_2));
  });
});

describe('lockout', () => {
  it(
    `${USER_LOCK_FAILURE_LIMIT} wrong passwords lock the user, even for the right one, ` + `until the lock ends`,
    async () => {
      const email = uniqueEmail();
      await dataOf(await create(t, email));
      for (let i = 1; i < USER_LOCK_FAILURE_LIMIT; i += 1) {
        await expectError(await login(email, `wrong ${i}`), 401, 'unauthorized_credentials');
      }
      const locked = await expectError(
        await login(email, 'wrong again'),
        429,
        'user_lock_limit_reached',
        'Too many failed authentication attempts. Please try again later.',
      );
      assert.ok(locked);
      await expectError(await login(email, STRONG), 429, 'user_lock_limit_reached');
      t.advance(USER_LOCK_DURATION_MS + 1000);
      await dataOf(await login(email, STRONG));
    },
  );
});

describe('malformed input', () => {
  it('gets 4xx with error_type, never a 500', async () => {
    await expectError(
      await post(t, '/passwords', { email: 'x@example.com', password: 5, session_duration_minutes: 30 }),
      400,
      'invalid_request',
      'password must be a string',
    );
    await expectError(
      await post(t, '/passwords', { email: 'not an email', password: STRONG, session_duration_minutes: 30 }),
      400,
      'invalid_email',
    );
    await expectError(
      await post(t, '/passwords', { email: uniqueEmail(), password: STRONG }),
      400,
      'invalid_request',
      'session_duration_minutes is required.',
    );
    await expectError(
      await post(t, '/passwords/strength_check', { password: 'x'.repeat(MAX_PASSWORD_LENGTH + 1) }),
      400,
      'invalid_request',
    );
    await expectError(await post(t, '/passwords/strength_check', {}), 400, 'invalid_request', 'password is required.');
    await expectError(
      await post(t, '/passwords/authenticate', { email: uniqueEmail(), password: '', session_duration_minutes: 30 }),
      400,
      'invalid_request',
    );
    await expectError(
      await post(t, '/users/search', { email: ['a'] }),
      400,
      'invalid_request',
      'email must be a string',
    );
    await expectError(
      await post(t, '/passwords/email/reset', { token: 'x', password: STRONG, session_duration_minutes: 1 }),
      400,
      'invalid_request',
    );
    await expectError(
      await post(t, '/passwords/email/reset/start', { email: uniqueEmail(), code_challenge: 'short' }),
      400,
      'invalid_request',
    );
    await expectError(await post(t, '/passwords', undefined, { raw: '{' }), 400, 'invalid_json');
  });
});
