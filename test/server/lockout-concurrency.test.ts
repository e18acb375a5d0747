// The user lock holds under parallel guesses: an attempt is counted (reserved) before the secret is checked, so of
// any number of concurrent wrong passwords, TOTP codes or recovery codes at most USER_LOCK_FAILURE_LIMIT are ever
// checked, and the right secret sent in the same burst is refused with user_lock_limit_reached.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { USER_LOCK_DURATION_MS, USER_LOCK_FAILURE_LIMIT } from '../../src/server/constants/rate-limits.ts';
import { base32Decode, matchingStep, totpAt } from '../../src/server/security/totp.ts';
import {
  dataOf,
  expectError,
  inbox,
  post,
  signIn,
  startTestService,
  uniqueEmail,
  type TestService,
} from './support.ts';

const STRONG = 'correct horse battery staple';
const STRONG_2 = 'purple-elephant-on-a-bicycle';
const WRONG_GUESSES = 199;

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

/** Every answer of a burst is either a checked wrong secret or the lock; never a success, never a 5xx. */
async function statusesOf(responses: Response[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const res of responses) {
    counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
    await res.body?.cancel();
  }
  return counts;
}

/** Each checked attempt leaves one row; a right one removes its row again. */
async function checkedAttempts(userId: string): Promise<number> {
  const [row] = await t.service.db.query<{ n: number }>(
    'select count(*)::int as n from auth_failures where user_id = $1',
    [userId],
  );
  return row?.n ?? -1;
}

async function userIdOf(email: string): Promise<string> {
  const [row] = await t.service.db.query<{ user_id: string }>('select user_id from user_emails where email = $1', [
    email,
  ]);
  assert.ok(row);
  return row.user_id;
}

function assertOnlyChecksAndLocks(counts: Map<number, number>, total: number, wrongStatus: number): void {
  assert.deepEqual(
    [...counts.keys()].sort(),
    [...new Set([wrongStatus, 429])].filter((s) => counts.has(s)).sort(),
    `statuses ${JSON.stringify([...counts])}`,
  );
  assert.equal((counts.get(wrongStatus) ?? 0) + (counts.get(429) ?? 0), total);
  assert.ok(
    (counts.get(wrongStatus) ?? 0) <= USER_LOCK_FAILURE_LIMIT,
    `at most ${USER_LOCK_FAILURE_LIMIT} checked: ${JSON.stringify([...counts])}`,
  );
}

describe('password lockout under parallel guesses', () => {
  const login = (email: string, password: string) =>
    post(t, '/passwords/authenticate', { email, password, session_duration_minutes: 30 });

  it(
    `${WRONG_GUESSES} concurrent wrong passwords and then the right one: refused, at most ` +
      `${USER_LOCK_FAILURE_LIMIT} checked`,
    async () => {
      const email = uniqueEmail();
      await dataOf(await post(t, '/passwords', { email, password: STRONG, session_duration_minutes: 30 }));
      const userId = await userIdOf(email);
      const burst = Array.from({ length: WRONG_GUESSES }, (_, i) => login(email, `wrong guess ${i}`));
      const right = login(email, STRONG);
      const responses = await Promise.all([...burst, right]);
      const rightAnswer = responses.pop()!;
      // Refused either by the lock or by the slots still being checked: both say when to come back, within the lock.
      const retryAfter = Number(rightAnswer.headers.get('Retry-After'));
      assert.ok(retryAfter >= 1 && retryAfter <= USER_LOCK_DURATION_MS / 1000, `Retry-After ${retryAfter}`);
      await expectError(
        rightAnswer,
        429,
        'user_lock_limit_reached',
        'Too many failed authentication attempts. Please try again later.',
      );
      assertOnlyChecksAndLocks(await statusesOf(responses), WRONG_GUESSES, 401);
      assert.equal(await checkedAttempts(userId), USER_LOCK_FAILURE_LIMIT);
      await expectError(await login(email, STRONG), 429, 'user_lock_limit_reached');
      t.advance(USER_LOCK_DURATION_MS + 1000);
      await dataOf(await login(email, STRONG));
    },
  );

  it('a right password releases its reservation: it never counts toward the lock', async () => {
    const email = uniqueEmail();
    await dataOf(await post(t, '/passwords', { email, password: STRONG, session_duration_minutes: 30 }));
    const userId = await userIdOf(email);
    const answers = await Promise.all(Array.from({ length: USER_LOCK_FAILURE_LIMIT }, () => login(email, STRONG)));
    for (const res of answers) await dataOf(res);
    assert.equal(await checkedAttempts(userId), 0);
    for (let i = 1; i < USER_LOCK_FAILURE_LIMIT; i += 1)
      await expectError(await login(email, `wrong ${i}`), 401, 'unauthorized_credentials');
    await dataOf(await login(email, STRONG));
  });

  it(
    `existing_password reset: ${WRONG_GUESSES} concurrent wrong current passwords and the ` + `right one: refused`,
    async () => {
      const email = uniqueEmail();
      await dataOf(await post(t, '/passwords', { email, password: STRONG, session_duration_minutes: 30 }));
      const userId = await userIdOf(email);
      const reset = (existing: string) =>
        post(t, '/passwords/existing_password/reset', {
          email,
          existing_password: existing,
          new_password: STRONG_2,
          session_duration_minutes: 30,
        });
      const responses = await Promise.all([
        ...Array.from({ length: WRONG_GUESSES }, (_, i) => reset(`wrong guess ${i}`)),
        reset(STRONG),
      ]);
      await expectError(responses.pop()!, 429, 'user_lock_limit_reached');
      assertOnlyChecksAndLocks(await statusesOf(responses), WRONG_GUESSES, 401);
      assert.equal(await checkedAttempts(userId), USER_LOCK_FAILURE_LIMIT);
      t.advance(USER_LOCK_DURATION_MS + 1000);
      // The password was never replaced.
      await dataOf(await login(email, STRONG));
    },
  );
});

describe('TOTP and recovery-code lockout under parallel guesses', () => {
  async function enrolled() {
    const student = await signIn(t);
    const created = await dataOf<{ totp_id: string; secret: string; recovery_codes: string[] }>(
      await post(t, '/totps', { expiration_minutes: 5 }, { sessionToken: student.sessionToken }),
    );
    return { student, created, key: base32Decode(created.secret) };
  }

  /** Six-digit codes that match no step the service accepts now. */
  function wrongCodes(secret: string, count: number): string[] {
    const codes: string[] = [];
    for (let n = 0; codes.length < count; n += 1) {
      const code = String((n * 7919) % 1_000_000).padStart(6, '0');
      if (matchingStep(secret, code, t.now()) === null) codes.push(code);
    }
    return codes;
  }

  it(
    `${WRONG_GUESSES} concurrent wrong TOTP codes and then the right one: refused, at ` +
      `most ${USER_LOCK_FAILURE_LIMIT} checked`,
    async () => {
      const { student, created, key } = await enrolled();
      const auth = (code: string) =>
        post(
          t,
          '/totps/authenticate',
          { totp_code: code, session_duration_minutes: 30 },
          { sessionToken: student.sessionToken },
        );
      const responses = await Promise.all([
        ...wrongCodes(created.secret, WRONG_GUESSES).map(auth),
        auth(totpAt(key, t.now())),
      ]);
      await expectError(responses.pop()!, 429, 'user_lock_limit_reached');
      assertOnlyChecksAndLocks(await statusesOf(responses), WRONG_GUESSES, 401);
      assert.equal(await checkedAttempts(student.userId), USER_LOCK_FAILURE_LIMIT);
      await expectError(await auth(totpAt(key, t.now())), 429, 'user_lock_limit_reached');
    },
  );

  it(
    `${WRONG_GUESSES} concurrent wrong recovery codes and then a right one: refused, and ` +
      `the right one stays unused`,
    async () => {
      const { student, created, key } = await enrolled();
      // Recovery codes work once the authenticator is verified by a first code.
      await dataOf(
        await post(
          t,
          '/totps/authenticate',
          { totp_code: totpAt(key, t.now()), session_duration_minutes: 30 },
          { sessionToken: student.sessionToken },
        ),
      );
      const recover = (code: string) =>
        post(
          t,
          '/totps/recover',
          { recovery_code: code, session_duration_minutes: 30 },
          { sessionToken: student.sessionToken },
        );
      const wrong = Array.from({ length: WRONG_GUESSES }, (_, i) => recover(`wrong-recovery-code-${i}`));
      const responses = await Promise.all([...wrong, recover(created.recovery_codes[0]!)]);
      await expectError(responses.pop()!, 429, 'user_lock_limit_reached');
      assertOnlyChecksAndLocks(await statusesOf(responses), WRONG_GUESSES, 401);
      assert.equal(await checkedAttempts(student.userId), USER_LOCK_FAILURE_LIMIT);
      const [unused] = await t.service.db.query<{ n: number }>(
        'select count(*)::int as n from totp_recovery_codes where totp_id = $1 and used_at is null',
        [created.totp_id],
      );
      assert.equal(unused?.n, created.recovery_codes.length);
    },
  );
});

describe('OTP passcode lockout under parallel guesses', () => {
  it(
    `${WRONG_GUESSES} concurrent wrong passcodes and then the right one: refused, at most ` +
      `${USER_LOCK_FAILURE_LIMIT} checked`,
    async () => {
      const email = uniqueEmail();
      const sent = await dataOf<{ method_id: string; user_id: string }>(
        await post(t, '/otps/email/login_or_create', { email }),
      );
      const [message] = await inbox(t, email);
      const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
      assert.ok(code);
      const auth = (token: string) =>
        post(t, '/otps/authenticate', { token, method_id: sent.method_id, session_duration_minutes: 30 });
      const wrong = Array.from({ length: WRONG_GUESSES }, (_, i) =>
        String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
      );
      const responses = await Promise.all([...wrong.map(auth), auth(code)]);
      await expectError(responses.pop()!, 429, 'user_lock_limit_reached');
      assertOnlyChecksAndLocks(await statusesOf(responses), WRONG_GUESSES, 401);
      assert.equal(await checkedAttempts(sent.user_id), USER_LOCK_FAILURE_LIMIT);
    },
  );
});
