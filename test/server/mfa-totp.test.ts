// Organization members' authenticator apps (POST /b2b/totp and /b2b/totp/authenticate): enrollment after a first
// factor (secret, QR code, recovery codes), sign-in with a code, single use of a code within its step, sealed seeds,
// the intermediate session's binding and single use, the member lock under parallel guesses, the organization's
// allowed methods, step-up on a member session, and malformed input.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { MEMBER_TOTP_EXPIRATION_MINUTES_DEFAULT } from '../../src/server/constants/member-mfa.ts';
import { USER_LOCK_DURATION_MS, USER_LOCK_FAILURE_LIMIT } from '../../src/server/constants/rate-limits.ts';
import { SEALED_SECRET_VERSION } from '../../src/server/constants/secrets.ts';
import { TOTP_RECOVERY_CODE_COUNT } from '../../src/server/constants/totp.ts';
import { encryptionKeyOf, parseSecretKey } from '../../src/server/security/secret-keys.ts';
import { hashToken } from '../../src/server/security/tokens.ts';
import { keyUri } from '../../src/server/security/totp.ts';
import { basicAuth, dataOf, expectError, startTestService, type TestService } from './support.ts';
import {
  appCode,
  enrollTotp,
  factorsOf,
  firstFactor,
  makeMember,
  mfaOrganization,
  memberAttempts,
  MINUTE,
  STEP_MS,
  statuses,
  target,
  wrongCode,
  type MemberAuthenticated,
  type TotpCreated,
} from './member-mfa-support.ts';
import {
  b2bAuth,
  b2bGet,
  b2bPost,
  makeOrganization,
  signInToOrganization,
  uniqueDomain,
} from './organizations-support.ts';

const LOCKED_MESSAGE = 'Too many failed authentication attempts. Please try again later.';
const WRONG_MESSAGE = 'The TOTP code is wrong or has expired. Enter the current code from your app.';
const USED_MESSAGE = 'This TOTP code has already been used. Wait for the next code from your authenticator app.';
const OTHER_MEMBER_MESSAGE = 'The intermediate session token belongs to another organization or member.';
const IST_NOT_FOUND_MESSAGE =
  'The intermediate session token is unknown, expired or already used. Prove the email address again.';

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

function create(body: Record<string, unknown>, sessionToken?: string) {
  return b2bPost(t, '/b2b/totp', body, sessionToken);
}

function authenticate(body: Record<string, unknown>, sessionToken?: string) {
  return b2bPost(t, '/b2b/totp/authenticate', { session_duration_minutes: 60, ...body }, sessionToken);
}

describe('the whole journey through the real first factor', () => {
  it('discovery link, MFA required, enroll the app, session; next time the app is what is offered', async () => {
    const domain = uniqueDomain('lumen');
    const organization = await makeOrganization(t, { domain, mfa_policy: 'REQUIRED_FOR_ALL' });
    const email = `ada@${domain}`;
    const first = await signInToOrganization(t, email, organization.id);
    assert.equal(first.member_authenticated, false);
    assert.equal(first.member_session, null);
    assert.deepEqual(first.mfa_required, { member_options: null, secondary_auth_initiated: null });
    const member = { organization_id: organization.id, id: first.member_id };
    const ist = first.intermediate_session_token;

    const created = await dataOf<TotpCreated>(
      await b2bPost(t, '/b2b/totp', {
        organization_id: organization.id,
        member_id: member.id,
        intermediate_session_token: ist,
      }),
    );
    const signedIn = await dataOf<MemberAuthenticated>(
      await authenticate({
        organization_id: organization.id,
        member_id: member.id,
        intermediate_session_token: ist,
        code: appCode(t, created.secret),
      }),
    );
    assert.equal(signedIn.member_authenticated, true);
    assert.deepEqual(
      factorsOf(signedIn).map(([, , order]) => order),
      ['PRIMARY', 'SECONDARY'],
    );
    assert.deepEqual(factorsOf(signedIn)[1], ['totp', 'authenticator_app', 'SECONDARY']);
    const me = await dataOf<{ member: { mfa_enrolled: boolean; totp_registration_id: string } }>(
      await b2bGet(t, '/b2b/organizations/members/me', signedIn.session_token),
    );
    assert.equal(me.member.mfa_enrolled, true);
    assert.equal(me.member.totp_registration_id, created.totp_registration_id);

    t.advance(STEP_MS);
    const again = await signInToOrganization(t, email, organization.id);
    assert.equal(again.member_authenticated, false);
    assert.deepEqual(again.mfa_required, {
      member_options: { mfa_phone_number: '', totp_registration_id: created.totp_registration_id },
      secondary_auth_initiated: null,
    });
  });
});

describe('enrolling an authenticator app after the first factor', () => {
  it('answers the secret, a PNG QR code of the otpauth:// URI and ten recovery codes; the seed is sealed', async () => {
    const organization = await mfaOrganization(t);
    const member = await makeMember(t, organization);
    const ist = await firstFactor(t, member);
    const created = await dataOf<TotpCreated>(await create(target(member, ist)));

    assert.match(created.totp_registration_id, /^member-totp-test-[0-9a-f-]{36}$/);
    assert.equal(created.member_id, member.id);
    assert.equal(created.organization.organization_id, organization.id);
    // Not confirmed yet: the member shows no registration and is not enrolled.
    assert.equal(created.member.totp_registration_id, '');
    assert.equal(created.member.mfa_enrolled, false);
    // 20 random bytes in base32: 32 characters.
    assert.match(created.secret, /^[A-Z2-7]{32}$/);

    // The QR code is exactly the PNG of the key URI for this project, address and organization.
    const uri = keyUri({
      issuer: 'Westlight University',
      account: `${member.email} (${organization.slug})`,
      secret: created.secret,
    });
    assert.ok(uri.startsWith('otpauth://totp/Westlight%20University:'));
    assert.equal(created.qr_code, await QRCode.toDataURL(uri));
    const png = Buffer.from(created.qr_code.replace(/^data:image\/png;base64,/, ''), 'base64');
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    assert.equal(created.recovery_codes.length, TOTP_RECOVERY_CODE_COUNT);
    assert.equal(new Set(created.recovery_codes).size, TOTP_RECOVERY_CODE_COUNT);
    for (const code of created.recovery_codes) assert.match(code, /^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

    const [row] = await t.service.db.query<{ secret: string; verified: boolean; expires_at: Date }>(
      'select secret, verified, expires_at from member_totps where id = $1',
      [created.totp_registration_id],
    );
    assert.ok(row);
    assert.equal(row.verified, false);
    assert.ok(row.secret.startsWith(`${SEALED_SECRET_VERSION}:`), 'sealed at rest');
    assert.ok(!row.secret.includes(created.secret));
    assert.ok(Math.abs(row.expires_at.getTime() - (t.now() + MEMBER_TOTP_EXPIRATION_MINUTES_DEFAULT * MINUTE)) < 5000);
    const hashes = await t.service.db.query<{ code_hash: string }>(
      'select code_hash from member_recovery_codes where member_totp_id = $1 order by code_hash',
      [created.totp_registration_id],
    );
    assert.deepEqual(
      hashes.map((h) => h.code_hash),
      created.recovery_codes.map((code) => hashToken(code)).sort(),
    );
  });

  it('the first code confirms it and ends MFA: a member session whose factors are the email and the app', async () => {
    const organization = await mfaOrganization(t);
    const member = await makeMember(t, organization);
    const ist = await firstFactor(t, member);
    const created = await dataOf<TotpCreated>(await create(target(member, ist)));
    const data = await dataOf<MemberAuthenticated>(
      await authenticate({ ...target(member, ist), code: appCode(t, created.secret), session_duration_minutes: 45 }),
    );
    assert.equal(data.member_authenticated, true);
    assert.equal(data.intermediate_session_token, '');
    assert.equal(data.mfa_required, null);
    assert.match(data.session_token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(data.session_jwt.split('.').length, 3);
    assert.equal(data.member_session.member_id, member.id);
    assert.equal(data.member_session.organization_id, organization.id);
    assert.equal(Date.parse(data.member_session.expires_at) - Date.parse(data.member_session.started_at), 45 * MINUTE);
    assert.deepEqual(factorsOf(data), [
      ['magic_link', 'email', 'PRIMARY'],
      ['totp', 'authenticator_app', 'SECONDARY'],
    ]);
    assert.deepEqual(data.member_session.authentication_factors[1]?.authenticator_app_factor, {
      totp_id: created.totp_registration_id,
    });
    // An organization requiring MFA enrolls whoever proves a factor; the first one becomes the default.
    assert.equal(data.member.mfa_enrolled, true);
    assert.equal(data.member.totp_registration_id, created.totp_registration_id);
    assert.equal(data.member.default_mfa_method, 'totp');

    // The intermediate session is used up.
    t.advance(STEP_MS);
    await expectError(
      await authenticate({ ...target(member, ist), code: appCode(t, created.secret) }),
      404,
      'intermediate_session_not_found',
      IST_NOT_FOUND_MESSAGE,
    );
  });

  it('a second create replaces an unconfirmed registration; once one is confirmed, create is refused', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const ist = await firstFactor(t, member);
    const first = await dataOf<TotpCreated>(await create(target(member, ist)));
    const second = await dataOf<TotpCreated>(await create({ ...target(member, ist), expiration_minutes: 5 }));
    await expectError(
      await authenticate({ ...target(member, ist), code: appCode(t, first.secret) }),
      401,
      'otp_code_not_found',
    );
    await dataOf(await authenticate({ ...target(member, ist), code: appCode(t, second.secret) }));
    const rows = await t.service.db.query('select id from member_totps where member_id = $1', [member.id]);
    assert.equal(rows.length, 1);

    await expectError(
      await create(target(member, await firstFactor(t, member))),
      403,
      'unauthorized_action',
      'This member already has an authenticator app.',
    );
  });

  it('an unconfirmed registration expires after its expiration_minutes', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const ist = await firstFactor(t, member);
    const created = await dataOf<TotpCreated>(await create({ ...target(member, ist), expiration_minutes: 5 }));
    t.advance(5 * MINUTE + 1000);
    await expectError(
      await authenticate({ ...target(member, await firstFactor(t, member)), code: appCode(t, created.secret) }),
      404,
      'totp_not_found',
      'This member has no authenticator app that can be used. Add one first.',
    );
  });
});

describe('sealed seeds across a key rotation', () => {
  it('restarted with a new AUTH_SECRET_KEY (the old one as previous): re-sealed, and still works', async () => {
    const [keyA, keyB] = [randomBytes(32).toString('hex'), randomBytes(32).toString('hex')];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-member-totp-'));
    try {
      const first = await startTestService({ database: { kind: 'pglite', dataDir: dir }, secretKey: keyA });
      const member = await makeMember(first, await mfaOrganization(first));
      const { created } = await enrollTotp(first, member);
      await first.close();

      const rotated = await startTestService({
        database: { kind: 'pglite', dataDir: dir },
        secretKey: keyB,
        previousSecretKeys: [keyA],
      });
      try {
        const [row] = await rotated.service.db.query<{ secret: string }>('select secret from member_totps');
        const kidB = encryptionKeyOf(parseSecretKey(keyB)).kid;
        assert.ok(row?.secret.startsWith(`${SEALED_SECRET_VERSION}:${kidB}:`), 'under the new key');
        rotated.advance(2 * STEP_MS);
        await dataOf(
          await b2bPost(rotated, '/b2b/totp/authenticate', {
            ...target(member, await firstFactor(rotated, member)),
            code: appCode(rotated, created.secret),
            session_duration_minutes: 30,
          }),
        );
      } finally {
        await rotated.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('signing in with the app', () => {
  it('a code works once within its step; the next step’s code works', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const { created } = await enrollTotp(t, member);
    const code = appCode(t, created.secret);
    const data = await dataOf<MemberAuthenticated>(
      await authenticate({ ...target(member, await firstFactor(t, member)), code }),
    );
    assert.deepEqual(factorsOf(data), [
      ['magic_link', 'email', 'PRIMARY'],
      ['totp', 'authenticator_app', 'SECONDARY'],
    ]);
    const again = await firstFactor(t, member);
    await expectError(
      await authenticate({ ...target(member, again), code }),
      401,
      'totp_code_already_authenticated',
      USED_MESSAGE,
    );
    // The refused replay did not use the intermediate session up.
    t.advance(STEP_MS);
    await dataOf(await authenticate({ ...target(member, again), code: appCode(t, created.secret) }));
  });

  it('one code sent twice in parallel (two sign-ins): exactly one member session', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const { created } = await enrollTotp(t, member);
    const code = appCode(t, created.secret);
    const [a, b] = [await firstFactor(t, member), await firstFactor(t, member)];
    const answers = await Promise.all([
      authenticate({ ...target(member, a), code }),
      authenticate({ ...target(member, b), code }),
    ]);
    assert.deepEqual(await statuses(answers), [200, 401]);
  });

  it('one intermediate session used twice in parallel: exactly one member session', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const { created } = await enrollTotp(t, member);
    const ist = await firstFactor(t, member);
    // Two different valid codes (this step's and the next one's): whichever request goes second is refused, by the
    // used intermediate session or (when it waited on the registration's row) by the step guard.
    const answers = await Promise.all([
      authenticate({ ...target(member, ist), code: appCode(t, created.secret) }),
      authenticate({ ...target(member, ist), code: appCode(t, created.secret, t.now() + STEP_MS) }),
    ]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { error_type?: string }[];
    assert.deepEqual(answers.map((r) => r.status).sort(), [200, answers.some((r) => r.status === 404) ? 404 : 401]);
    const refusal = bodies.find((b) => b.error_type)?.error_type;
    assert.ok(
      refusal === 'intermediate_session_not_found' || refusal === 'totp_code_already_authenticated',
      String(refusal),
    );
    const [sessions] = await t.service.db.query<{ n: number }>(
      'select count(*)::int as n from member_sessions where member_id = $1',
      [member.id],
    );
    // One from enrolling, one from this burst.
    assert.equal(sessions?.n, 2);
  });

  it('MFA optional: the member enrolls from its own session, and the code joins that session', async () => {
    const organization = await mfaOrganization(t, { mfaPolicy: 'OPTIONAL' });
    const member = await makeMember(t, organization);
    // Another member's session may not act on this member.
    const { session } = await enrollTotp(t, await makeMember(t, await mfaOrganization(t)));
    await expectError(
      await create(target(member), session.session_token),
      403,
      'unauthorized_action',
      'The signed-in member session belongs to another organization or member.',
    );

    const ist = await firstFactor(t, member);
    const { created, session: own } = await (async () => {
      const c = await dataOf<TotpCreated>(await create(target(member, ist)));
      const s = await dataOf<MemberAuthenticated>(
        await authenticate({ ...target(member, ist), code: appCode(t, c.secret), set_mfa_enrollment: 'unenroll' }),
      );
      return { created: c, session: s };
    })();
    // Not required, and asked not to enroll.
    assert.equal(own.member.mfa_enrolled, false);
    t.advance(STEP_MS);
    const stepUp = await dataOf<MemberAuthenticated>(
      await authenticate(
        {
          ...target(member),
          code: appCode(t, created.secret),
          set_mfa_enrollment: 'enroll',
          session_duration_minutes: 90,
        },
        own.session_token,
      ),
    );
    assert.equal(stepUp.session_token, own.session_token);
    assert.equal(stepUp.member_session.member_session_id, own.member_session.member_session_id);
    assert.deepEqual(factorsOf(stepUp), [
      ['magic_link', 'email', 'PRIMARY'],
      ['totp', 'authenticator_app', 'SECONDARY'],
      ['totp', 'authenticator_app', 'SECONDARY'],
    ]);
    assert.equal(stepUp.member.mfa_enrolled, true);
    assert.ok(Math.abs(Date.parse(stepUp.member_session.expires_at) - (t.now() + 90 * MINUTE)) < 5000);
  });
});

describe('who may enroll and authenticate', () => {
  it('an intermediate session of another member or of discovery → 403; an unknown or used one → 404', async () => {
    const organization = await mfaOrganization(t);
    const member = await makeMember(t, organization);
    const other = await makeMember(t, organization);
    const otherIst = await firstFactor(t, other);
    await expectError(
      await create({ ...target(member), intermediate_session_token: otherIst }),
      403,
      'invalid_intermediate_session_token_for_organization',
      OTHER_MEMBER_MESSAGE,
    );
    await expectError(
      await create({ ...target(member), intermediate_session_token: 'not-a-token' }),
      404,
      'intermediate_session_not_found',
      IST_NOT_FOUND_MESSAGE,
    );
    // The refused calls did not use the other member's session up.
    await dataOf(await create(target(other, otherIst)));
  });

  it('no intermediate session and no member session → 401 user_unauthenticated', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    await expectError(
      await create(target(member)),
      401,
      'user_unauthenticated',
      'Send the intermediate_session_token of the first factor, or call this from a signed-in member session.',
    );
    await expectError(await authenticate({ ...target(member), code: '123456' }), 401, 'user_unauthenticated');
    await expectError(await create(target(member), 'not-a-session'), 404, 'session_not_found');
  });

  it('the consumer public token is refused', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const res = await t.service.app.request('/sdk/v1/b2b/totp', {
      method: 'POST',
      headers: {
        Authorization: basicAuth(t.service.config.publicToken, t.service.config.publicToken),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(target(member, await firstFactor(t, member))),
    });
    await expectError(res, 401, 'invalid_public_token');
  });

  it('an organization that allows only SMS passcodes refuses the app', async () => {
    const member = await makeMember(t, await mfaOrganization(t, { allowedMfaMethods: ['sms_otp'] }));
    await expectError(
      await create(target(member, await firstFactor(t, member))),
      403,
      'unauthorized_action',
      'This organization does not allow totp as a second factor.',
    );
  });

  it('on the first factor alone, a member with a proven phone number cannot add an app', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    await t.service.db.query(
      `update members set mfa_phone_number = '+14155550100', mfa_phone_number_verified = true where id = $1`,
      [member.id],
    );
    await expectError(
      await create(target(member, await firstFactor(t, member))),
      403,
      'unauthorized_action',
      'This member already has a second factor: sign in with it, then add another.',
    );
  });
});

describe('the member lock', () => {
  it(`${USER_LOCK_FAILURE_LIMIT} wrong codes lock the member; even the right code fails until it ends`, async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const { created } = await enrollTotp(t, member);
    const ist = await firstFactor(t, member);
    const right = appCode(t, created.secret);
    let last: Response | undefined;
    for (let i = 1; i <= USER_LOCK_FAILURE_LIMIT; i += 1) {
      last = await authenticate({ ...target(member, ist), code: wrongCode(wrongCode(right)) });
      if (i < USER_LOCK_FAILURE_LIMIT) await expectError(last, 401, 'otp_code_not_found', WRONG_MESSAGE);
    }
    assert.ok(last);
    await expectError(last, 429, 'user_lock_limit_reached', LOCKED_MESSAGE);
    assert.equal(Number(last.headers.get('retry-after')), USER_LOCK_DURATION_MS / 1000);
    await expectError(await authenticate({ ...target(member, ist), code: right }), 429, 'user_lock_limit_reached');
    const [row] = await t.service.db.query<{ locked_until: Date | null }>(
      'select locked_until from members where id = $1',
      [member.id],
    );
    assert.ok(row?.locked_until && row.locked_until.getTime() > t.now());

    // The lock outlives the intermediate session: the member signs in again.
    t.advance(USER_LOCK_DURATION_MS);
    await dataOf(
      await authenticate({ ...target(member, await firstFactor(t, member)), code: appCode(t, created.secret) }),
    );
  });

  it('parallel wrong codes are counted exactly, and never more than the limit are checked', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const { created } = await enrollTotp(t, member);
    const ist = await firstFactor(t, member);
    const bad = wrongCode(wrongCode(appCode(t, created.secret)));
    const burst = await Promise.all(
      Array.from({ length: USER_LOCK_FAILURE_LIMIT - 3 }, () => authenticate({ ...target(member, ist), code: bad })),
    );
    assert.deepEqual(await statuses(burst), Array(USER_LOCK_FAILURE_LIMIT - 3).fill(401));
    assert.equal(await memberAttempts(t, member.id), USER_LOCK_FAILURE_LIMIT - 3);

    const flood = await Promise.all(
      Array.from({ length: 20 }, () => authenticate({ ...target(member, ist), code: bad })),
    );
    // Only the 3 slots left below the limit are checked; the failure that fills the window locks the member, and
    // checks still running when it does count as failures too, so each of those 3 may answer the lock.
    const counted = await statuses(flood);
    assert.ok(
      counted.every((s) => s === 401 || s === 429),
      JSON.stringify(counted),
    );
    assert.ok(counted.filter((s) => s === 401).length <= 2, JSON.stringify(counted));
    assert.equal(await memberAttempts(t, member.id), USER_LOCK_FAILURE_LIMIT);
    await expectError(
      await authenticate({ ...target(member, ist), code: appCode(t, created.secret) }),
      429,
      'user_lock_limit_reached',
    );
  });

  it('a right code gives its slot back: it never counts toward the lock', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    await enrollTotp(t, member);
    assert.equal(await memberAttempts(t, member.id), 0);
  });
});

describe('malformed requests → 4xx with an error_type, never 500', () => {
  const cases: [string, Record<string, unknown>, number, string, string | RegExp][] = [
    ['/b2b/totp', {}, 400, 'invalid_request', 'organization_id is required.'],
    ['/b2b/totp', { organization_id: 'o' }, 400, 'invalid_request', 'member_id is required.'],
    ['/b2b/totp', { organization_id: 5, member_id: 'm' }, 400, 'invalid_request', 'organization_id must be a string'],
    [
      '/b2b/totp',
      { organization_id: 'o', member_id: 'm', intermediate_session_token: ['x'] },
      400,
      'invalid_request',
      'intermediate_session_token must be a string',
    ],
    [
      '/b2b/totp',
      { organization_id: 'o', member_id: 'm', expiration_minutes: 4 },
      400,
      'invalid_request',
      'expiration_minutes must be a whole number of minutes from 5 to 1440.',
    ],
    [
      '/b2b/totp',
      { organization_id: 'o', member_id: 'm', expiration_minutes: '60' },
      400,
      'invalid_request',
      'expiration_minutes must be a number',
    ],
    ['/b2b/totp/authenticate', { organization_id: 'o', member_id: 'm' }, 400, 'invalid_request', 'code is required.'],
    [
      '/b2b/totp/authenticate',
      { organization_id: 'o', member_id: 'm', code: '123456' },
      400,
      'invalid_request',
      'session_duration_minutes is required.',
    ],
    [
      '/b2b/totp/authenticate',
      { organization_id: 'o', member_id: 'm', code: '123456', session_duration_minutes: 30, set_mfa_enrollment: 'yes' },
      400,
      'invalid_request',
      'set_mfa_enrollment must be one of: enroll, unenroll.',
    ],
    [
      '/b2b/totp/authenticate',
      { organization_id: 'o', member_id: 'm', code: '123456', session_duration_minutes: 30, set_default_mfa: 'true' },
      400,
      'invalid_request',
      'set_default_mfa must be a boolean',
    ],
    [
      '/b2b/totp/authenticate',
      { organization_id: 'o', member_id: 'm', code: '12345', session_duration_minutes: 30 },
      400,
      'invalid_code',
      'Code format is invalid: a passcode is exactly 6 digits.',
    ],
    [
      '/b2b/totp/authenticate',
      { organization_id: 'o', member_id: 'm', code: 'abcdef', session_duration_minutes: 30 },
      400,
      'invalid_code',
      /6 digits/,
    ],
  ];
  for (const [path, body, status, errorType, message] of cases) {
    it(`${path} ${JSON.stringify(body)} → ${status} ${errorType}`, async () => {
      await expectError(await b2bPost(t, path, body), status, errorType, message);
    });
  }

  it('non-object and unparsable bodies', async () => {
    for (const path of ['/b2b/totp', '/b2b/totp/authenticate']) {
      const send = (raw: string) =>
        t.service.app.request(`/sdk/v1${path}`, {
          method: 'POST',
          headers: {
            Authorization: b2bAuth(),
            'Content-Type': 'application/json',
          },
          body: raw,
        });
      await expectError(await send('[]'), 400, 'invalid_request', 'The request body must be a JSON object.');
      await expectError(await send('{"code":'), 400, 'invalid_json');
    }
  });

  it('a deleted member → 404 member_not_found', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const ist = await firstFactor(t, member);
    await t.service.db.query(`update members set status = 'deleted' where id = $1`, [member.id]);
    await expectError(
      await create(target(member, ist)),
      404,
      'member_not_found',
      'This organization has no such member.',
    );
  });
});
