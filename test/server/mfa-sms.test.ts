// Organization members' SMS passcodes (POST /b2b/otps/sms/send and /authenticate): enrollment on a first factor (the
// number joins the member only once its passcode is used), sign-in to the proven number, the message in the page's
// language, one MFA number per organization (duplicate_member_phone_number at send and at proof), single use, the
// per-code and member limits, the per-number send limit, the passcode a sign-in sends unasked when SMS is the member's
// way through MFA (secondary_auth_initiated), and malformed input.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { B2B_PATHS, type MfaRequired } from '../../src/api/organizations.ts';
import { MEMBER_SMS_CODE_EXPIRATION_MINUTES } from '../../src/server/constants/member-mfa.ts';
import { OTP_MAX_ATTEMPTS_PER_CODE, OTP_SEND_LIMIT, OTP_SEND_WINDOW_MS } from '../../src/server/constants/passcodes.ts';
import { USER_LOCK_FAILURE_LIMIT } from '../../src/server/constants/rate-limits.ts';
import {
  dataOf,
  expectError,
  inbox,
  latestToken,
  PORTAL_URL,
  post,
  startTestService,
  uniquePhone,
  type TestService,
} from './support.ts';
import {
  factorsOf,
  firstFactor,
  latestSmsCode,
  enrollTotp,
  makeMember,
  mfaOrganization,
  memberAttempts,
  MINUTE,
  statuses,
  target,
  wrongCode,
  type MemberAuthenticated,
} from './member-mfa-support.ts';
import { b2bAuth, b2bPost } from './organizations-support.ts';
import type { MemberRow } from '../../src/server/store/members.ts';

const DUPLICATE_MESSAGE = 'A member with the specified phone number already exists for this organization.';
const NOT_FOUND_MESSAGE = 'The passcode is wrong, has expired, or was already used. Check the code, or send a new one.';
// Numbers of this file's own area code, so no other suite sends to them.
const AREA = '628';

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

function send(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return post(t, '/b2b/otps/sms/send', body, { headers: { Authorization: b2bAuth(), ...headers } });
}

function authenticate(body: Record<string, unknown>, sessionToken?: string) {
  return b2bPost(t, '/b2b/otps/sms/authenticate', { session_duration_minutes: 60, ...body }, sessionToken);
}

async function memberRow(id: string): Promise<Pick<MemberRow, 'mfa_phone_number' | 'mfa_phone_number_verified'>> {
  const [row] = await t.service.db.query<MemberRow>(
    'select mfa_phone_number, mfa_phone_number_verified from members where id = $1',
    [id],
  );
  assert.ok(row);
  return { mfa_phone_number: row.mfa_phone_number, mfa_phone_number_verified: row.mfa_phone_number_verified };
}

/** Enrolls `phone` for the member on a first factor; the member session. */
async function enrollSms(member: MemberRow, phone: string): Promise<MemberAuthenticated> {
  const ist = await firstFactor(t, member);
  await dataOf(await send({ ...target(member, ist), mfa_phone_number: phone }));
  return dataOf<MemberAuthenticated>(
    await authenticate({ ...target(member, ist), code: await latestSmsCode(t, phone) }),
  );
}

describe('enrolling a phone number after the first factor', () => {
  it('texts a passcode; the number joins the member only when the passcode is used, which ends MFA', async () => {
    const organization = await mfaOrganization(t);
    const member = await makeMember(t, organization);
    const phone = uniquePhone(AREA);
    const ist = await firstFactor(t, member);
    const sent = await dataOf<{ member_id: string; member: { mfa_phone_number: string } }>(
      await send({ ...target(member, ist), mfa_phone_number: phone }),
    );
    assert.equal(sent.member_id, member.id);
    assert.equal(sent.member.mfa_phone_number, '');

    const [message] = await inbox(t, phone);
    assert.ok(message);
    assert.equal(message.channel, 'sms');
    assert.equal(message.from, 'Westlight University');
    assert.match(
      message.text,
      new RegExp(
        `^Your Westlight University code is \\d{6}\\. It expires in ${MEMBER_SMS_CODE_EXPIRATION_MINUTES} minutes\\.$`,
      ),
    );
    // Unproven: the number is on the passcode's row only, the digest is not the code.
    assert.deepEqual(await memberRow(member.id), { mfa_phone_number: '', mfa_phone_number_verified: false });
    const code = await latestSmsCode(t, phone);
    const [row] = await t.service.db.query<{ phone_number: string; code_hash: string }>(
      'select phone_number, code_hash from member_sms_codes where member_id = $1',
      [member.id],
    );
    assert.equal(row?.phone_number, phone);
    assert.match(row?.code_hash ?? '', /^[0-9a-f]{64}$/);
    assert.ok(!row?.code_hash.includes(code));

    const data = await dataOf<MemberAuthenticated>(await authenticate({ ...target(member, ist), code }));
    assert.equal(data.member_authenticated, true);
    assert.deepEqual(factorsOf(data), [
      ['magic_link', 'email', 'PRIMARY'],
      ['otp', 'sms', 'SECONDARY'],
    ]);
    assert.deepEqual(data.member_session.authentication_factors[1]?.phone_number_factor, {
      phone_id: member.id,
      phone_number: phone,
    });
    assert.equal(data.member.mfa_phone_number, phone);
    assert.equal(data.member.mfa_phone_number_verified, true);
    assert.equal(data.member.mfa_enrolled, true);
    assert.equal(data.member.default_mfa_method, 'sms_otp');
  });

  it('in the language the page asks for', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const phone = uniquePhone(AREA);
    await dataOf(
      await send({ ...target(member, await firstFactor(t, member)), mfa_phone_number: phone, locale: 'es' }),
    );
    const [message] = await inbox(t, phone);
    assert.match(message?.text ?? '', /^Tu código de Westlight University es \d{6}\. Caduca en 2 minutos\.$/);
    const other = uniquePhone(AREA);
    await dataOf(
      await send(
        { ...target(member, await firstFactor(t, member)), mfa_phone_number: other },
        { 'Accept-Language': 'fr-FR,fr;q=0.9' },
      ),
    );
    assert.match((await inbox(t, other))[0]?.text ?? '', /^Votre code Westlight University est \d{6}\./);
  });

  it('a later sign-in texts the proven number without being told it; another number is refused', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const phone = uniquePhone(AREA);
    await enrollSms(member, phone);
    const ist = await firstFactor(t, member);
    await expectError(
      await send({ ...target(member, ist), mfa_phone_number: uniquePhone(AREA) }),
      403,
      'unauthorized_action',
      'This member has another MFA phone number; passcodes can only go to it.',
    );
    await dataOf(await send(target(member, ist)));
    const data = await dataOf<MemberAuthenticated>(
      await authenticate({ ...target(member, ist), code: await latestSmsCode(t, phone) }),
    );
    assert.deepEqual(factorsOf(data), [
      ['magic_link', 'email', 'PRIMARY'],
      ['otp', 'sms', 'SECONDARY'],
    ]);
  });

  it('without a proven number, mfa_phone_number is required', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    await expectError(
      await send(target(member, await firstFactor(t, member))),
      400,
      'invalid_request',
      'mfa_phone_number is required.',
    );
  });
});

/** Two members of one organization, each sent a passcode for the same number; proving it is left to the test. */
async function twoMembersSentOneNumber() {
  const organization = await mfaOrganization(t);
  const [a, b] = [await makeMember(t, organization), await makeMember(t, organization)];
  const phone = uniquePhone(AREA);
  const [istA, istB] = [await firstFactor(t, a), await firstFactor(t, b)];
  await dataOf(await send({ ...target(a, istA), mfa_phone_number: phone }));
  const codeA = await latestSmsCode(t, phone);
  await dataOf(await send({ ...target(b, istB), mfa_phone_number: phone }));
  const codeB = await latestSmsCode(t, phone);
  return {
    a,
    b,
    phone,
    proveA: () => authenticate({ ...target(a, istA), code: codeA }),
    proveB: () => authenticate({ ...target(b, istB), code: codeB }),
  };
}

describe('one MFA phone number per organization', () => {
  it(`another member's proven number → 400 duplicate_member_phone_number, and nothing is sent`, async () => {
    const organization = await mfaOrganization(t);
    const phone = uniquePhone(AREA);
    await enrollSms(await makeMember(t, organization), phone);
    const second = await makeMember(t, organization);
    await expectError(
      await send({ ...target(second, await firstFactor(t, second)), mfa_phone_number: phone }),
      400,
      'duplicate_member_phone_number',
      DUPLICATE_MESSAGE,
    );
    assert.equal((await inbox(t, phone)).length, 1);
    // Another organization's member may use it.
    await enrollSms(await makeMember(t, await mfaOrganization(t)), phone);
  });

  it('two members sent passcodes for one number: the first to prove it keeps it, the other is refused', async () => {
    const { a, b, phone, proveA, proveB } = await twoMembersSentOneNumber();
    await dataOf(await proveB());
    assert.deepEqual(await memberRow(b.id), { mfa_phone_number: phone, mfa_phone_number_verified: true });
    await expectError(await proveA(), 400, 'duplicate_member_phone_number', DUPLICATE_MESSAGE);
    assert.deepEqual(await memberRow(a.id), { mfa_phone_number: '', mfa_phone_number_verified: false });
  });

  it('two members proving one number at once: exactly one gets it', async () => {
    const { a, b, phone, proveA, proveB } = await twoMembersSentOneNumber();
    assert.deepEqual(await statuses(await Promise.all([proveA(), proveB()])), [200, 400]);
    const owners = await t.service.db.query<{ id: string }>('select id from members where mfa_phone_number = $1', [
      phone,
    ]);
    assert.equal(owners.length, 1);
    assert.ok([a.id, b.id].includes(owners[0]?.id ?? ''));
  });
});

describe('passcodes', () => {
  it('work once; the same code twice in parallel (one intermediate session) → one member session', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const phone = uniquePhone(AREA);
    const ist = await firstFactor(t, member);
    await dataOf(await send({ ...target(member, ist), mfa_phone_number: phone }));
    const code = await latestSmsCode(t, phone);
    const answers = await Promise.all([
      authenticate({ ...target(member, ist), code }),
      authenticate({ ...target(member, ist), code }),
    ]);
    assert.deepEqual(await statuses(answers), [200, 401]);
    await expectError(
      await authenticate({ ...target(member, await firstFactor(t, member)), code }),
      401,
      'otp_code_not_found',
      NOT_FOUND_MESSAGE,
    );
  });

  it(`expire after ${MEMBER_SMS_CODE_EXPIRATION_MINUTES} minutes; a newer send retires the older code`, async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const phone = uniquePhone(AREA);
    const ist = await firstFactor(t, member);
    await dataOf(await send({ ...target(member, ist), mfa_phone_number: phone }));
    const first = await latestSmsCode(t, phone);
    t.advance(MEMBER_SMS_CODE_EXPIRATION_MINUTES * MINUTE + 1000);
    await expectError(await authenticate({ ...target(member, ist), code: first }), 401, 'otp_code_not_found');
    await dataOf(await send({ ...target(member, ist), mfa_phone_number: phone }));
    const second = await latestSmsCode(t, phone);
    await dataOf(await send({ ...target(member, ist), mfa_phone_number: phone }));
    const third = await latestSmsCode(t, phone);
    if (second !== third)
      await expectError(await authenticate({ ...target(member, ist), code: second }), 401, 'otp_code_not_found');
    await dataOf(await authenticate({ ...target(member, ist), code: third }));
  });

  it(`a passcode dies after ${OTP_MAX_ATTEMPTS_PER_CODE} wrong guesses, even for the right digits`, async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const phone = uniquePhone(AREA);
    const ist = await firstFactor(t, member);
    await dataOf(await send({ ...target(member, ist), mfa_phone_number: phone }));
    const code = await latestSmsCode(t, phone);
    for (let i = 0; i < OTP_MAX_ATTEMPTS_PER_CODE; i += 1) {
      await expectError(
        await authenticate({ ...target(member, ist), code: wrongCode(code) }),
        401,
        'otp_code_not_found',
      );
    }
    await expectError(await authenticate({ ...target(member, ist), code }), 401, 'otp_code_not_found');
    const [row] = await t.service.db.query<{ attempts: number; used_at: Date | null }>(
      'select attempts, used_at from member_sms_codes where member_id = $1',
      [member.id],
    );
    assert.deepEqual(row, { attempts: OTP_MAX_ATTEMPTS_PER_CODE, used_at: null });
  });

  it(`wrong passcodes count toward the member lock: ${USER_LOCK_FAILURE_LIMIT} failures → 429`, async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const phone = uniquePhone(AREA);
    const ist = await firstFactor(t, member);
    await dataOf(await send({ ...target(member, ist), mfa_phone_number: phone }));
    const code = await latestSmsCode(t, phone);
    const burst = await Promise.all(
      Array.from({ length: USER_LOCK_FAILURE_LIMIT - 1 }, () =>
        authenticate({ ...target(member, ist), code: wrongCode(code) }),
      ),
    );
    assert.deepEqual(await statuses(burst), Array(USER_LOCK_FAILURE_LIMIT - 1).fill(401));
    assert.equal(await memberAttempts(t, member.id), USER_LOCK_FAILURE_LIMIT - 1);
    await expectError(
      await authenticate({ ...target(member, ist), code: wrongCode(code) }),
      429,
      'user_lock_limit_reached',
    );
    await expectError(await authenticate({ ...target(member, ist), code }), 429, 'user_lock_limit_reached');
  });

  it(`${OTP_SEND_LIMIT} sends per number per window → 429 too_many_requests`, async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const phone = uniquePhone(AREA);
    const ist = await firstFactor(t, member);
    for (let i = 0; i < OTP_SEND_LIMIT; i += 1)
      await dataOf(await send({ ...target(member, ist), mfa_phone_number: phone }));
    await expectError(await send({ ...target(member, ist), mfa_phone_number: phone }), 429, 'too_many_requests');
    assert.equal((await inbox(t, phone)).length, OTP_SEND_LIMIT);
    t.advance(OTP_SEND_WINDOW_MS);
    await dataOf(await send({ ...target(member, ist), mfa_phone_number: phone }));
  });

  it('an organization that allows only the app refuses SMS', async () => {
    const member = await makeMember(t, await mfaOrganization(t, { allowedMfaMethods: ['totp'] }));
    await expectError(
      await send({ ...target(member, await firstFactor(t, member)), mfa_phone_number: uniquePhone(AREA) }),
      403,
      'unauthorized_action',
      'This organization does not allow sms_otp as a second factor.',
    );
  });
});

/** The member signs in again through the organization's email link (MFA is due): the answer. */
async function signInByOrganizationLink(
  member: MemberRow,
): Promise<MemberAuthenticated & { mfa_required: MfaRequired }> {
  await dataOf(
    await b2bPost(t, B2B_PATHS.magicLinksEmailLoginOrSignup, {
      organization_id: member.organization_id,
      email_address: member.email,
      login_redirect_url: PORTAL_URL,
      signup_redirect_url: PORTAL_URL,
    }),
  );
  const data = await dataOf<MemberAuthenticated & { mfa_required: MfaRequired }>(
    await b2bPost(t, B2B_PATHS.magicLinksAuthenticate, {
      magic_links_token: await latestToken(t, member.email),
      session_duration_minutes: 60,
    }),
  );
  assert.equal(data.member_authenticated, false);
  assert.ok(data.intermediate_session_token);
  return data;
}

describe(`a sign-in that leaves MFA due texts the passcode at once when SMS is the member's way through`, () => {
  it(`SMS the default method → secondary_auth_initiated 'sms_otp', one text, and its code ends MFA`, async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const phone = uniquePhone(AREA);
    await enrollSms(member, phone);
    const before = (await inbox(t, phone)).length;

    const data = await signInByOrganizationLink(member);
    assert.deepEqual(data.mfa_required, {
      member_options: { mfa_phone_number: phone, totp_registration_id: '' },
      secondary_auth_initiated: 'sms_otp',
    });
    assert.equal((await inbox(t, phone)).length, before + 1);
    const done = await dataOf<MemberAuthenticated>(
      await authenticate({
        ...target(member, data.intermediate_session_token),
        code: await latestSmsCode(t, phone),
      }),
    );
    assert.equal(done.member_authenticated, true);
    assert.deepEqual(factorsOf(done), [
      ['magic_link', 'email', 'PRIMARY'],
      ['otp', 'sms', 'SECONDARY'],
    ]);
  });

  it('the authenticator app the default → null, and nothing is sent', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const { created, session } = await enrollTotp(t, member);
    const phone = uniquePhone(AREA);
    const withSession = { Authorization: b2bAuth(session.session_token) };
    await dataOf(await send({ ...target(member), mfa_phone_number: phone }, withSession));
    const proven = await dataOf<MemberAuthenticated>(
      await authenticate({ ...target(member), code: await latestSmsCode(t, phone) }, session.session_token),
    );
    assert.equal(proven.member.mfa_phone_number_verified, true);
    assert.equal(proven.member.default_mfa_method, 'totp');
    const before = (await inbox(t, phone)).length;

    const data = await signInByOrganizationLink(member);
    assert.deepEqual(data.mfa_required, {
      member_options: { mfa_phone_number: phone, totp_registration_id: created.totp_registration_id },
      secondary_auth_initiated: null,
    });
    assert.equal((await inbox(t, phone)).length, before);
  });

  it('an organization that allows only the app → null, and nothing is sent', async () => {
    const organization = await mfaOrganization(t);
    const member = await makeMember(t, organization);
    const phone = uniquePhone(AREA);
    await enrollSms(member, phone);
    await t.service.db.query(
      `update organizations set mfa_methods = 'RESTRICTED', allowed_mfa_methods = '["totp"]' where id = $1`,
      [organization.id],
    );
    const data = await signInByOrganizationLink(member);
    assert.equal(data.mfa_required.secondary_auth_initiated, null);
    assert.equal((await inbox(t, phone)).length, 1);
  });

  it(`the number's send limit spent → null; the sign-in still succeeds and the member may ask later`, async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const phone = uniquePhone(AREA);
    await enrollSms(member, phone);
    const ist = await firstFactor(t, member);
    for (let i = 1; i < OTP_SEND_LIMIT; i += 1) await dataOf(await send(target(member, ist)));
    assert.equal((await inbox(t, phone)).length, OTP_SEND_LIMIT);

    const data = await signInByOrganizationLink(member);
    assert.equal(data.mfa_required.secondary_auth_initiated, null);
    assert.equal((await inbox(t, phone)).length, OTP_SEND_LIMIT);
    t.advance(OTP_SEND_WINDOW_MS);
    await dataOf(await send(target(member, data.intermediate_session_token)));
    assert.equal((await inbox(t, phone)).length, OTP_SEND_LIMIT + 1);
  });
});

describe('malformed requests → 4xx with an error_type, never 500', () => {
  const cases: [string, Record<string, unknown>, number, string, string | RegExp][] = [
    ['/b2b/otps/sms/send', {}, 400, 'invalid_request', 'organization_id is required.'],
    [
      '/b2b/otps/sms/send',
      { organization_id: 'o', member_id: 'm', mfa_phone_number: '4155550100' },
      400,
      'invalid_phone_number',
      'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
    ],
    [
      '/b2b/otps/sms/send',
      { organization_id: 'o', member_id: 'm', mfa_phone_number: 14155550100 },
      400,
      'invalid_request',
      'mfa_phone_number must be a string',
    ],
    [
      '/b2b/otps/sms/send',
      { organization_id: 'o', member_id: 'm', locale: 3 },
      400,
      'invalid_request',
      'locale must be a string',
    ],
    [
      '/b2b/otps/sms/send',
      { organization_id: 'o', member_id: 'm', enable_autofill: 'no' },
      400,
      'invalid_request',
      'enable_autofill must be a boolean',
    ],
    [
      '/b2b/otps/sms/authenticate',
      { organization_id: 'o', member_id: 'm' },
      400,
      'invalid_request',
      'code is required.',
    ],
    [
      '/b2b/otps/sms/authenticate',
      { organization_id: 'o', member_id: 'm', code: '1234567', session_duration_minutes: 30 },
      400,
      'invalid_code',
      /6 digits/,
    ],
    [
      '/b2b/otps/sms/authenticate',
      { organization_id: 'o', member_id: 'm', code: '123456', session_duration_minutes: 2 },
      400,
      'invalid_request',
      /from 5 to 525600/,
    ],
    [
      '/b2b/otps/sms/authenticate',
      { organization_id: 'o', member_id: 'm', code: '123456', session_duration_minutes: 30, set_mfa_enrollment: 1 },
      400,
      'invalid_request',
      'set_mfa_enrollment must be a string',
    ],
  ];
  for (const [path, body, status, errorType, message] of cases) {
    it(`${path} ${JSON.stringify(body)} → ${status} ${errorType}`, async () => {
      await expectError(await b2bPost(t, path, body), status, errorType, message);
    });
  }
});
