// One-time passcodes by SMS, WhatsApp and email: sending (and the dev inbox), authenticating, single use, expiry,
// the per-code attempt limit, user lockout, hashes at rest, E.164 validation, primary and secondary sends, rate limits
// and malformed input.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { DEFAULT_OTP_EXPIRATION_MINUTES, OTP_CODE_LENGTH, type OtpAuthenticateResponse } from '../../src/api/otps.ts';
import type { EmailFactor, PhoneNumberFactor } from '../../src/api/session.ts';
import {
  OTP_EXPIRATION_MINUTES_MAX,
  OTP_EXPIRATION_MINUTES_MIN,
  OTP_MAX_ATTEMPTS_PER_CODE,
  OTP_SEND_LIMIT,
  OTP_SEND_WINDOW_MS,
} from '../../src/server/constants/passcodes.ts';
import {
  USER_LOCK_DURATION_MS,
  USER_LOCK_FAILURE_LIMIT,
  USER_LOCK_FAILURE_WINDOW_MS,
} from '../../src/server/constants/rate-limits.ts';
import { DEV_SECRET_KEY } from '../../src/server/constants/secrets.ts';
import { hashOtpCode, newOtpCode } from '../../src/server/security/otp-codes.ts';
import { deriveSecretKeys } from '../../src/server/security/secret-keys.ts';
import {
  basicAuth,
  dataOf,
  expectError,
  inbox,
  post,
  signIn,
  startTestService,
  uniqueEmail,
  uniquePhone,
  type TestService,
} from './support.ts';

/** The keys a service started without AUTH_SECRET_KEY derives (development). */
const devKeys = deriveSecretKeys(DEV_SECRET_KEY);

const E164_MESSAGE = 'Phone number format is invalid. Ensure the phone number is in the E.164 format.';
const COUNTRY_CODE_MESSAGE =
  "The phone number's country code is invalid, unsupported, or not enabled for this project.";
const NOT_FOUND_MESSAGE = 'The passcode is wrong, has expired, or was already used. Check the code, or send a new one.';
const LOCKED_MESSAGE = 'Too many failed authentication attempts. Please try again later.';
const MINUTE = 60_000;

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

interface Sent {
  method_id: string;
  user_id: string;
  user_created: boolean;
}

function sendSms(
  phone_number: string,
  extra: Record<string, unknown> = {},
  path = '/otps/sms/login_or_create',
  sessionToken?: string,
) {
  return post(t, path, { phone_number, ...extra }, sessionToken ? { sessionToken } : {});
}

/** The code in the newest message to `to`, read from the dev inbox. */
async function latestCode(to: string): Promise<string> {
  const [message] = await inbox(t, to);
  assert.ok(message, `a message to ${to}`);
  const match = /\b(\d{6})\b/.exec(message.text);
  assert.ok(match?.[1], `a code in "${message.text}"`);
  return match[1];
}

function authenticate(token: string, method_id: string, extra: Record<string, unknown> = {}, sessionToken?: string) {
  return post(
    t,
    '/otps/authenticate',
    { token, method_id, session_duration_minutes: 30, ...extra },
    sessionToken ? { sessionToken } : {},
  );
}

/** A code of six digits that is not `code`. */
function wrong(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

async function smsCode(phone = uniquePhone()): Promise<{ phone: string; sent: Sent; code: string }> {
  const sent = await dataOf<Sent>(await sendSms(phone));
  return { phone, sent, code: await latestCode(phone) };
}

describe('sending a passcode', () => {
  it('by SMS: creates the user, answers method_id, and puts the code in the dev inbox as a text message', async () => {
    const phone = uniquePhone();
    const sent = await dataOf<Sent>(await sendSms(phone));
    assert.match(sent.method_id, /^phone-number-test-[0-9a-f-]{36}$/);
    assert.match(sent.user_id, /^user-test-/);
    assert.equal(sent.user_created, true);
    const [message] = await inbox(t, phone);
    assert.ok(message);
    assert.equal(message.channel, 'sms');
    assert.equal(message.to, phone);
    assert.equal(message.from, 'Westlight University');
    assert.equal(message.subject, '');
    assert.deepEqual(message.links, []);
    assert.match(message.text, /^Your Westlight University code is \d{6}\. It expires in 5 minutes\.$/);

    const again = await dataOf<Sent>(await sendSms(phone));
    assert.deepEqual(
      [again.method_id, again.user_id, again.user_created],
      [sent.method_id, sent.user_id, false],
      'the same user and method',
    );
  });

  it('by WhatsApp: the same number is the same method and user; the message is on the whatsapp channel', async () => {
    const phone = uniquePhone();
    const bySms = await dataOf<Sent>(await sendSms(phone));
    const byWhatsApp = await dataOf<Sent>(
      await post(t, '/otps/whatsapp/login_or_create', { phone_number: phone, expiration_minutes: 10 }),
    );
    assert.equal(byWhatsApp.method_id, bySms.method_id);
    assert.equal(byWhatsApp.user_id, bySms.user_id);
    const [message] = await inbox(t, phone);
    assert.equal(message?.channel, 'whatsapp');
    assert.match(message?.text ?? '', /^Your Westlight University code is \d{6}\. It expires in 10 minutes\.$/);
  });

  it('by email: a sign-up code first, a login code next, with the lifetime asked for', async () => {
    const email = uniqueEmail();
    const sent = await dataOf<Sent>(
      await post(t, '/otps/email/login_or_create', { email: `  ${email.toUpperCase()} `, expiration_minutes: 7 }),
    );
    assert.match(sent.method_id, /^email-test-/);
    assert.equal(sent.user_created, true);
    const [message] = await inbox(t, email);
    assert.equal(message?.channel, 'email');
    assert.equal(message?.from, 'no-reply@westlight.localhost');
    assert.equal(message?.subject, 'Your Westlight University sign-up code');
    assert.match(message?.text ?? '', /Your Westlight University code is \d{6}\. It expires in 7 minutes\./);
    assert.ok(message?.html.includes(await latestCode(email)));
    await dataOf(await post(t, '/otps/email/login_or_create', { email, expiration_minutes: 1 }));
    const [second] = await inbox(t, email);
    assert.equal(second?.subject, 'Your Westlight University login code');
    assert.match(second?.text ?? '', /It expires in 1 minute\./);
  });

  it(`makes ${OTP_CODE_LENGTH}-digit codes from the CSPRNG, leading zeros kept`, () => {
    const codes = Array.from({ length: 2000 }, () => newOtpCode());
    assert.ok(codes.every((c) => /^\d{6}$/.test(c)));
    assert.ok(new Set(codes).size > 1900, 'codes vary');
    assert.ok(
      codes.some((c) => c.startsWith('0')),
      'leading zeros are kept',
    );
  });

  it(
    `accepts expiration_minutes from ${OTP_EXPIRATION_MINUTES_MIN} to ` + `${OTP_EXPIRATION_MINUTES_MAX} only`,
    async () => {
      for (const minutes of [0, 11, 2.5, -1]) {
        await expectError(
          await sendSms(uniquePhone(), { expiration_minutes: minutes }),
          400,
          'invalid_request',
          'expiration_minutes must be a whole number of minutes from 1 to 10.',
        );
      }
      await expectError(
        await sendSms(uniquePhone(), { expiration_minutes: '5' }),
        400,
        'invalid_request',
        'expiration_minutes must be a number',
      );
    },
  );
});

describe('authenticating a passcode', () => {
  it('SMS: signs the user in with a phone-number factor; the number is verified; method_id comes back', async () => {
    const { phone, sent, code } = await smsCode();
    const data = await dataOf<OtpAuthenticateResponse>(
      await authenticate(code, sent.method_id, { session_duration_minutes: 60 }),
    );
    assert.equal(data.user_id, sent.user_id);
    assert.equal(data.method_id, sent.method_id);
    assert.match(data.session_token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(data.session_jwt.split('.').length, 3);
    assert.deepEqual(data.user.phone_numbers, [{ phone_id: sent.method_id, phone_number: phone, verified: true }]);
    assert.deepEqual(data.user.emails, []);
    assert.deepEqual(data.__user, data.user);
    const session = data.session;
    assert.equal(Date.parse(session.expires_at) - Date.parse(session.started_at), 60 * MINUTE);
    assert.equal(session.authentication_factors.length, 1);
    // A passcode by text message proves a phone number: the one factor is a phone-number factor.
    const factor = session.authentication_factors[0] as PhoneNumberFactor;
    assert.equal(factor.type, 'otp');
    assert.equal(factor.delivery_method, 'sms');
    assert.deepEqual(factor.phone_number_factor, { phone_id: sent.method_id, phone_number: phone });
    assert.ok(!Number.isNaN(Date.parse(factor.last_authenticated_at)));
  });

  it('WhatsApp: the factor says whatsapp', async () => {
    const phone = uniquePhone();
    const sent = await dataOf<Sent>(await post(t, '/otps/whatsapp/login_or_create', { phone_number: phone }));
    const data = await dataOf<OtpAuthenticateResponse>(await authenticate(await latestCode(phone), sent.method_id));
    const factor = data.session.authentication_factors[0] as PhoneNumberFactor;
    assert.equal(factor.delivery_method, 'whatsapp');
    assert.deepEqual(factor.phone_number_factor, {
      phone_id: sent.method_id,
      phone_number: phone,
    });
  });

  it('email: an email factor of type otp; the address is verified', async () => {
    const email = uniqueEmail();
    const sent = await dataOf<Sent>(await post(t, '/otps/email/login_or_create', { email }));
    const data = await dataOf<OtpAuthenticateResponse>(await authenticate(await latestCode(email), sent.method_id));
    const factor = data.session.authentication_factors[0] as EmailFactor;
    assert.equal(factor.type, 'otp');
    assert.equal(factor.delivery_method, 'email');
    assert.deepEqual(factor.email_factor, { email_id: sent.method_id, email_address: email });
    assert.deepEqual(data.user.emails, [{ email_id: sent.method_id, email, verified: true }]);
  });

  it('works once: the second use → 401 otp_code_not_found', async () => {
    const { sent, code } = await smsCode();
    await dataOf(await authenticate(code, sent.method_id));
    await expectError(await authenticate(code, sent.method_id), 401, 'otp_code_not_found', NOT_FOUND_MESSAGE);
  });

  it('two concurrent uses of one code: exactly one succeeds', async () => {
    const { sent, code } = await smsCode();
    const statuses = (await Promise.all([authenticate(code, sent.method_id), authenticate(code, sent.method_id)])).map(
      (r) => r.status,
    );
    assert.deepEqual(statuses.sort(), [200, 401]);
  });

  it('a newer code replaces the older one', async () => {
    const phone = uniquePhone();
    const { code: first, sent } = await smsCode(phone);
    await dataOf(await sendSms(phone));
    const second = await latestCode(phone);
    if (first !== second) await expectError(await authenticate(first, sent.method_id), 401, 'otp_code_not_found');
    await dataOf(await authenticate(second, sent.method_id));
  });

  it('is bound to its method: the right digits with another method id → 401', async () => {
    const a = await smsCode();
    const b = await smsCode();
    await expectError(await authenticate(a.code, b.sent.method_id), 401, 'otp_code_not_found');
    await dataOf(await authenticate(a.code, a.sent.method_id));
  });

  it(
    `expires after the default ${DEFAULT_OTP_EXPIRATION_MINUTES} minutes: valid just ` + `before, 401 just after`,
    async () => {
      const early = await smsCode();
      const late = await smsCode();
      t.advance(DEFAULT_OTP_EXPIRATION_MINUTES * MINUTE - 1000);
      await dataOf(await authenticate(early.code, early.sent.method_id));
      t.advance(1001);
      await expectError(
        await authenticate(late.code, late.sent.method_id),
        401,
        'otp_code_not_found',
        NOT_FOUND_MESSAGE,
      );
    },
  );

  it('expires after the expiration_minutes of the request', async () => {
    const phone = uniquePhone();
    const sent = await dataOf<Sent>(await sendSms(phone, { expiration_minutes: 1 }));
    const code = await latestCode(phone);
    t.advance(MINUTE + 1);
    await expectError(await authenticate(code, sent.method_id), 401, 'otp_code_not_found');
  });

  it(`dies after ${OTP_MAX_ATTEMPTS_PER_CODE} wrong guesses, even for the right digits`, async () => {
    const { sent, code } = await smsCode();
    for (let i = 0; i < OTP_MAX_ATTEMPTS_PER_CODE; i += 1) {
      await expectError(await authenticate(wrong(code), sent.method_id), 401, 'otp_code_not_found', NOT_FOUND_MESSAGE);
    }
    await expectError(await authenticate(code, sent.method_id), 401, 'otp_code_not_found');
    const [row] = await t.service.db.query<{ attempts: number; used_at: Date | null }>(
      'select attempts, used_at from otp_codes where method_id = $1',
      [sent.method_id],
    );
    assert.deepEqual(row, { attempts: OTP_MAX_ATTEMPTS_PER_CODE, used_at: null });
  });

  it(`survives ${OTP_MAX_ATTEMPTS_PER_CODE - 1} wrong guesses`, async () => {
    const { sent, code } = await smsCode();
    for (let i = 0; i < OTP_MAX_ATTEMPTS_PER_CODE - 1; i += 1) {
      await expectError(await authenticate(wrong(code), sent.method_id), 401, 'otp_code_not_found');
    }
    await dataOf(await authenticate(code, sent.method_id));
  });
});

describe('user lockout', () => {
  it(
    `${USER_LOCK_FAILURE_LIMIT} failures across codes within the window → 429 ` +
      `user_lock_limit_reached, for the lock's duration`,
    async () => {
      const phone = uniquePhone();
      let failures = 0;
      let last: Response | undefined;
      // Fresh codes, so the per-code limit is not what stops the guesses.
      while (failures < USER_LOCK_FAILURE_LIMIT) {
        const { sent, code } = await smsCode(phone);
        for (let i = 0; i < OTP_MAX_ATTEMPTS_PER_CODE - 1 && failures < USER_LOCK_FAILURE_LIMIT; i += 1) {
          last = await authenticate(wrong(code), sent.method_id);
          failures += 1;
          if (failures < USER_LOCK_FAILURE_LIMIT) await expectError(last, 401, 'otp_code_not_found');
        }
      }
      assert.ok(last);
      // The failure that reaches the limit already says so.
      await expectError(last, 429, 'user_lock_limit_reached', LOCKED_MESSAGE);
      assert.equal(Number(last.headers.get('retry-after')), USER_LOCK_DURATION_MS / 1000);

      // Locked: even the right code of a fresh send is refused, and the code is not used up by the refusal.
      t.advance(OTP_SEND_WINDOW_MS);
      const fresh = await smsCode(phone);
      const locked = await authenticate(fresh.code, fresh.sent.method_id);
      await expectError(locked, 429, 'user_lock_limit_reached', LOCKED_MESSAGE);
      assert.ok(Number(locked.headers.get('retry-after')) <= USER_LOCK_DURATION_MS / 1000);

      // After the lock: a fresh code works.
      t.advance(USER_LOCK_DURATION_MS);
      const after = await smsCode(phone);
      await dataOf(await authenticate(after.code, after.sent.method_id));
    },
  );

  it('failures older than the window do not count', async () => {
    const phone = uniquePhone();
    const first = await smsCode(phone);
    for (let i = 0; i < OTP_MAX_ATTEMPTS_PER_CODE - 1; i += 1)
      await authenticate(wrong(first.code), first.sent.method_id);
    const second = await smsCode(phone);
    for (let i = 0; i < USER_LOCK_FAILURE_LIMIT - OTP_MAX_ATTEMPTS_PER_CODE; i += 1) {
      await expectError(await authenticate(wrong(second.code), second.sent.method_id), 401, 'otp_code_not_found');
    }
    // USER_LOCK_FAILURE_LIMIT - 1 failures so far; once they age out, more failures start a new count.
    t.advance(USER_LOCK_FAILURE_WINDOW_MS);
    const third = await smsCode(phone);
    for (let i = 0; i < 2; i += 1) {
      await expectError(await authenticate(wrong(third.code), third.sent.method_id), 401, 'otp_code_not_found');
    }
    await dataOf(await authenticate(third.code, third.sent.method_id));
  });

  it('locks the user, not the method: an email code of the locked user is refused too', async () => {
    const student = await signIn(t);
    const phone = uniquePhone();
    // The signed-in student adds a phone number and then guesses wrong until locked.
    const sent = await dataOf<Sent>(await sendSms(phone, {}, '/otps/sms/send/secondary', student.sessionToken));
    let code = await latestCode(phone);
    let res: Response | undefined;
    for (let i = 0; i < USER_LOCK_FAILURE_LIMIT; i += 1) {
      if (i > 0 && i % (OTP_MAX_ATTEMPTS_PER_CODE - 1) === 0) {
        await dataOf(await sendSms(phone, {}, '/otps/sms/send/secondary', student.sessionToken));
        code = await latestCode(phone);
      }
      res = await authenticate(wrong(code), sent.method_id);
    }
    assert.equal(res?.status, 429);
    const email = await dataOf<Sent>(await post(t, '/otps/email/login_or_create', { email: student.email }));
    await expectError(
      await authenticate(await latestCode(student.email), email.method_id),
      429,
      'user_lock_limit_reached',
      LOCKED_MESSAGE,
    );
    t.advance(USER_LOCK_DURATION_MS);
  });
});

describe('passcodes at rest', () => {
  it(
    'stores only sha256(method_id:code): the code is nowhere in the database except the dev ' + 'inbox (the outbox)',
    async () => {
      const phone = uniquePhone();
      const sent = await dataOf<Sent>(await sendSms(phone));
      const code = await latestCode(phone);
      const email = uniqueEmail();
      const emailSent = await dataOf<Sent>(await post(t, '/otps/email/login_or_create', { email }));
      const emailCode = await latestCode(email);

      const tables = await t.service.db.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      const names = tables.map((row) => row.table_name);
      assert.ok(names.includes('otp_codes') && names.includes('user_phone_numbers') && names.includes('auth_failures'));
      for (const table of names.filter((name) => name !== 'dev_messages')) {
        const rows = await t.service.db.query<{ row: string }>(`select t::text as row from "${table}" t`);
        for (const { row } of rows) {
          assert.ok(!row.includes(code), `${table} does not contain the SMS code`);
          assert.ok(!row.includes(emailCode), `${table} does not contain the email code`);
        }
      }

      const [row] = await t.service.db.query<{ code_hash: string; delivery_method: string }>(
        'select code_hash, delivery_method from otp_codes where method_id = $1',
        [sent.method_id],
      );
      // Keyed (HMAC under the service's derived key), so a plain hash of method and code does not match it.
      assert.notEqual(row?.code_hash, createHash('sha256').update(`${sent.method_id}:${code}`).digest('hex'));
      assert.notEqual(row?.code_hash, createHash('sha256').update(code).digest('hex'));
      assert.equal(row?.code_hash, hashOtpCode(devKeys.otpHmacKey, sent.method_id, code));
      assert.equal(row?.delivery_method, 'sms');
      const [emailRow] = await t.service.db.query<{ code_hash: string }>(
        'select code_hash from otp_codes where method_id = $1',
        [emailSent.method_id],
      );
      assert.equal(emailRow?.code_hash, hashOtpCode(devKeys.otpHmacKey, emailSent.method_id, emailCode));
    },
  );

  it('equal codes of different methods have different digests', () => {
    const key = devKeys.otpHmacKey;
    assert.notEqual(
      hashOtpCode(key, 'phone-number-test-a', '123456'),
      hashOtpCode(key, 'phone-number-test-b', '123456'),
    );
    assert.match(hashOtpCode(key, 'phone-number-test-a', '123456'), /^[0-9a-f]{64}$/);
  });
});

describe('phone numbers', () => {
  it('must be E.164 and valid: anything else → 400 invalid_phone_number, and nothing is created or sent', async () => {
    for (const bad of [
      '4155552671',
      '+1 415 555 2671',
      '+1-415-555-2671',
      '+1415555267',
      '+14155552671x',
      '+',
      '',
      'phone',
      '+0123456789',
      '+1415555267100000',
    ]) {
      await expectError(await sendSms(bad), 400, 'invalid_phone_number', E164_MESSAGE);
      await expectError(
        await post(t, '/otps/whatsapp/login_or_create', { phone_number: bad }),
        400,
        'invalid_phone_number',
        E164_MESSAGE,
      );
    }
    const rows = await t.service.db.query('select 1 from user_phone_numbers where phone_number like $1', [
      '%4155552671%',
    ]);
    assert.equal(rows.length, 0);
  });

  it('a country code no region uses → 400 invalid_phone_number_country_code', async () => {
    await expectError(await sendSms('+999123456789'), 400, 'invalid_phone_number_country_code', COUNTRY_CODE_MESSAGE);
  });

  it('a region the project has not enabled (phoneRegions) → 400 invalid_phone_number_country_code', async () => {
    const usOnly = await startTestService({ phoneRegions: ['us'] });
    try {
      await expectError(
        await post(usOnly, '/otps/sms/login_or_create', { phone_number: '+447911123456' }),
        400,
        'invalid_phone_number_country_code',
        COUNTRY_CODE_MESSAGE,
      );
      await dataOf(await post(usOnly, '/otps/whatsapp/login_or_create', { phone_number: uniquePhone() }));
    } finally {
      await usOnly.close();
    }
  });
});

describe('primary and secondary sends', () => {
  it(
    'send/primary: an existing phone number or address only (404 phone_number_not_found / ' + 'email_not_found)',
    async () => {
      const phone = uniquePhone();
      await expectError(
        await sendSms(phone, {}, '/otps/sms/send/primary'),
        404,
        'phone_number_not_found',
        'No user has this phone number.',
      );
      await expectError(
        await post(t, '/otps/whatsapp/send/primary', { phone_number: phone }),
        404,
        'phone_number_not_found',
      );
      const created = await dataOf<Sent>(await sendSms(phone));
      const primary = await dataOf<Sent>(await sendSms(phone, {}, '/otps/sms/send/primary'));
      assert.deepEqual(
        [primary.method_id, primary.user_id, primary.user_created],
        [created.method_id, created.user_id, false],
      );
      assert.equal((await inbox(t, phone)).length, 2);

      const email = uniqueEmail();
      await expectError(
        await post(t, '/otps/email/send/primary', { email }),
        404,
        'email_not_found',
        'No user has this email address.',
      );
      await dataOf(await post(t, '/otps/email/login_or_create', { email }));
      await dataOf(await post(t, '/otps/email/send/primary', { email }));
    },
  );

  it(
    'send/secondary needs a session, adds the number to that user, and authenticating adds the ' +
      'factor to the session',
    async () => {
      const student = await signIn(t);
      const phone = uniquePhone();
      await expectError(
        await sendSms(phone, {}, '/otps/sms/send/secondary'),
        401,
        'user_unauthenticated',
        'Must have an active session to call this method. Have you logged in yet?',
      );
      await expectError(
        await sendSms(phone, {}, '/otps/sms/send/secondary', 'not-a-session'),
        404,
        'session_not_found',
      );
      assert.deepEqual(await inbox(t, phone), []);

      const sent = await dataOf<Sent>(await sendSms(phone, {}, '/otps/sms/send/secondary', student.sessionToken));
      assert.equal(sent.user_id, student.userId);
      assert.equal(sent.user_created, false);
      const me = await t.service.app.request('/sdk/v1/users/me', {
        headers: { Authorization: basicAuth(student.sessionToken, t.service.config.publicToken) },
      });
      // Nothing is attached until this session uses the code.
      const user = await dataOf<{ phone_numbers: unknown[] }>(me);
      assert.deepEqual(user.phone_numbers, []);

      const data = await dataOf<OtpAuthenticateResponse>(
        await authenticate(await latestCode(phone), sent.method_id, {}, student.sessionToken),
      );
      assert.equal(data.session_token, student.sessionToken);
      assert.equal(data.session.session_id, student.session.session_id);
      assert.deepEqual(
        data.session.authentication_factors.map((f: { delivery_method: string; type: string }) => [
          f.type,
          f.delivery_method,
        ]),
        [
          ['magic_link', 'email'],
          ['otp', 'sms'],
        ],
      );
      assert.deepEqual(data.user.phone_numbers, [{ phone_id: sent.method_id, phone_number: phone, verified: true }]);
    },
  );

  it('send/secondary refuses a number or address another user has proven (403 unauthorized_action)', async () => {
    const { phone, sent, code } = await smsCode();
    await dataOf(await authenticate(code, sent.method_id));
    const other = await signIn(t);
    await expectError(
      await sendSms(phone, {}, '/otps/sms/send/secondary', other.sessionToken),
      403,
      'unauthorized_action',
      'This phone number belongs to another user.',
    );
    const owner = await signIn(t);
    await expectError(
      await post(t, '/otps/email/send/secondary', { email: owner.email }, { sessionToken: other.sessionToken }),
      403,
      'unauthorized_action',
      'This email address belongs to another user.',
    );
  });
});

describe('send rate limit', () => {
  it(
    `${OTP_SEND_LIMIT} passcodes per number per window, shared by SMS and WhatsApp → 429 ` + `too_many_requests`,
    async () => {
      const phone = uniquePhone();
      for (let i = 0; i < OTP_SEND_LIMIT; i += 1) {
        await dataOf(
          await post(t, i % 2 ? '/otps/whatsapp/login_or_create' : '/otps/sms/login_or_create', {
            phone_number: phone,
          }),
        );
      }
      const res = await post(t, '/otps/whatsapp/login_or_create', { phone_number: phone });
      await expectError(res, 429, 'too_many_requests');
      assert.ok(Number(res.headers.get('retry-after')) >= 1);
      assert.equal((await inbox(t, phone)).length, OTP_SEND_LIMIT);
      await dataOf(await sendSms(uniquePhone()));
      t.advance(OTP_SEND_WINDOW_MS);
      await dataOf(await sendSms(phone));
    },
  );
});

describe('malformed requests → 4xx with an error_type, never 500', () => {
  const cases: [string, unknown, number, string, string | RegExp][] = [
    ['/otps/sms/login_or_create', {}, 400, 'invalid_request', 'phone_number is required.'],
    [
      '/otps/sms/login_or_create',
      { phone_number: 14155552671 },
      400,
      'invalid_request',
      'phone_number must be a string',
    ],
    [
      '/otps/sms/login_or_create',
      { phone_number: ['+14155552671'] },
      400,
      'invalid_request',
      'phone_number must be a string',
    ],
    [
      '/otps/sms/login_or_create',
      { phone_number: '+1415\u00005552671' },
      400,
      'invalid_request',
      'phone_number must not contain NUL characters',
    ],
    [
      '/otps/sms/login_or_create',
      { phone_number: '+14155552671', enable_autofill: 'yes' },
      400,
      'invalid_request',
      'enable_autofill must be a boolean',
    ],
    [
      '/otps/sms/login_or_create',
      { phone_number: '+14155552671', locale: 7 },
      400,
      'invalid_request',
      'locale must be a string',
    ],
    ['/otps/whatsapp/send/primary', { phone_number: null }, 400, 'invalid_request', 'phone_number is required.'],
    ['/otps/email/login_or_create', {}, 400, 'invalid_request', 'email is required.'],
    ['/otps/email/login_or_create', { email: 5 }, 400, 'invalid_request', 'email must be a string'],
    ['/otps/email/login_or_create', { email: 'not-an-email' }, 400, 'invalid_email', 'Email format is invalid.'],
    [
      '/otps/email/login_or_create',
      { email: 'a@b.co', login_template_id: {} },
      400,
      'invalid_request',
      'login_template_id must be a string',
    ],
    ['/otps/authenticate', {}, 400, 'invalid_request', 'token is required.'],
    [
      '/otps/authenticate',
      { token: 123456, method_id: 'x', session_duration_minutes: 30 },
      400,
      'invalid_request',
      'token must be a string',
    ],
    [
      '/otps/authenticate',
      { token: '123456', session_duration_minutes: 30 },
      400,
      'invalid_request',
      'method_id is required.',
    ],
    [
      '/otps/authenticate',
      { token: '123456', method_id: 'x' },
      400,
      'invalid_request',
      'session_duration_minutes is required.',
    ],
    [
      '/otps/authenticate',
      { token: '123456', method_id: 'x', session_duration_minutes: '30' },
      400,
      'invalid_request',
      'session_duration_minutes must be a number',
    ],
    [
      '/otps/authenticate',
      { token: '123456', method_id: 'x', session_duration_minutes: 1 },
      400,
      'invalid_request',
      /from 5 to 525600/,
    ],
    [
      '/otps/authenticate',
      { token: '12345', method_id: 'x', session_duration_minutes: 30 },
      400,
      'invalid_code',
      'Code format is invalid: a passcode is exactly 6 digits.',
    ],
    [
      '/otps/authenticate',
      { token: '1234567', method_id: 'x', session_duration_minutes: 30 },
      400,
      'invalid_code',
      /6 digits/,
    ],
    [
      '/otps/authenticate',
      { token: '12345a', method_id: 'x', session_duration_minutes: 30 },
      400,
      'invalid_code',
      /6 digits/,
    ],
    [
      '/otps/authenticate',
      { token: '١٢٣٤٥٦', method_id: 'x', session_duration_minutes: 30 },
      400,
      'invalid_code',
      /6 digits/,
    ],
    [
      '/otps/authenticate',
      { token: '123456', method_id: 'no-such-method', session_duration_minutes: 30 },
      401,
      'otp_code_not_found',
      NOT_FOUND_MESSAGE,
    ],
  ];
  for (const [path, body, status, errorType, message] of cases) {
    it(`${path} ${JSON.stringify(body)} → ${status} ${errorType}`, async () => {
      await expectError(await post(t, path, body), status, errorType, message);
    });
  }

  it('non-object and unparsable bodies', async () => {
    for (const path of ['/otps/sms/login_or_create', '/otps/email/send/primary', '/otps/authenticate']) {
      await expectError(
        await post(t, path, undefined, { raw: '[]' }),
        400,
        'invalid_request',
        'The request body must be a JSON object.',
      );
      await expectError(await post(t, path, undefined, { raw: '{"phone_number":' }), 400, 'invalid_json');
      await expectError(await post(t, path, undefined, { raw: '"x"' }), 400, 'invalid_request');
    }
  });

  it('GET on an OTP path → 404 not_found', async () => {
    await expectError(await t.service.app.request('/sdk/v1/otps/sms/login_or_create'), 404, 'not_found');
  });
});

describe('dev inbox for text and WhatsApp messages', () => {
  it('?to=+1… finds the messages to that number (a literal + is not a space)', async () => {
    const phone = uniquePhone();
    await dataOf(await sendSms(phone));
    for (const query of [`?to=${phone}`, `?to=${encodeURIComponent(phone)}`]) {
      const res = await t.service.app.request(`/dev/inbox.json${query}`);
      const { messages } = (await res.json()) as { messages: { to: string }[] };
      assert.deepEqual(
        messages.map((m) => m.to),
        [phone],
        query,
      );
    }
  });

  it('shows the channel, the number and the code on the page', async () => {
    const phone = uniquePhone();
    await dataOf(await sendSms(phone));
    await dataOf(await post(t, '/otps/whatsapp/login_or_create', { phone_number: phone }));
    const [whatsapp, sms] = await inbox(t, phone);
    const html = await (await t.service.app.request(`/dev/inbox?to=${phone}`)).text();
    assert.ok(html.includes(`<h1>Dev inbox for ${phone}</h1>`));
    assert.ok(html.includes(`>Text message (SMS) to ${phone}</h2>`));
    assert.ok(html.includes(`>WhatsApp message to ${phone}</h2>`));
    assert.ok(html.includes('<dt>Channel</dt><dd>sms</dd>'));
    assert.ok(html.includes('<dt>Channel</dt><dd>whatsapp</dd>'));
    assert.ok(html.includes(`<dt>To</dt><dd>${phone}</dd>`));
    assert.ok(html.includes(`<dt>From</dt><dd>Westlight University</dd>`));
    assert.ok(html.includes(`<pre>${sms?.text}</pre>`) && html.includes(`<pre>${whatsapp?.text}</pre>`));
    assert.ok(!html.includes('(no subject)'));
  });
});
