// Organization members' recovery codes (POST /b2b/recovery_codes/recover, GET /b2b/recovery_codes, POST
// /b2b/recovery_codes/rotate): made with the authenticator app and shown once, kept as digests, each works once (also
// under parallel use), they count toward the member lock, a rotation replaces them all, and malformed input is refused.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { USER_LOCK_FAILURE_LIMIT } from '../../src/server/constants/rate-limits.ts';
import { TOTP_RECOVERY_CODE_COUNT } from '../../src/server/constants/totp.ts';
import { hashToken } from '../../src/server/security/tokens.ts';
import { dataOf, expectError, post, startTestService, type TestService } from './support.ts';
import {
  enrollTotp,
  factorsOf,
  firstFactor,
  latestSmsCode,
  makeMember,
  mfaOrganization,
  memberAttempts,
  statuses,
  target,
  type MemberAuthenticated,
  type TotpCreated,
} from './member-mfa-support.ts';
import { b2bAuth, b2bGet, b2bPost } from './organizations-support.ts';

const NOT_FOUND_MESSAGE = 'The recovery code is wrong or has already been used.';

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

function recover(body: Record<string, unknown>, sessionToken?: string) {
  return b2bPost(t, '/b2b/recovery_codes/recover', { session_duration_minutes: 60, ...body }, sessionToken);
}

interface Codes {
  member_id: string;
  recovery_codes: string[];
  recovery_codes_remaining?: number;
}

describe('recovering with a code', () => {
  it('one code ends MFA once: a member session whose factors are the email and the recovery code', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const { created } = await enrollTotp(t, member);
    const [code] = created.recovery_codes;
    assert.ok(code);
    const data = await dataOf<MemberAuthenticated>(
      await recover({ ...target(member, await firstFactor(t, member)), recovery_code: code }),
    );
    assert.equal(data.member_authenticated, true);
    assert.equal(data.recovery_codes_remaining, TOTP_RECOVERY_CODE_COUNT - 1);
    assert.deepEqual(factorsOf(data), [
      ['magic_link', 'email', 'PRIMARY'],
      ['recovery_code', 'recovery_code', 'SECONDARY'],
    ]);
    const factor = data.member_session.authentication_factors[1]?.recovery_code_factor as {
      totp_recovery_code_id: string;
    };
    assert.match(factor.totp_recovery_code_id, /^member-recovery-code-test-/);

    await expectError(
      await recover({ ...target(member, await firstFactor(t, member)), recovery_code: code }),
      401,
      'recovery_code_not_found',
      NOT_FOUND_MESSAGE,
    );
    // Typed in capitals with spaces around it, another code still works.
    const next = await dataOf<MemberAuthenticated>(
      await recover({
        ...target(member, await firstFactor(t, member)),
        recovery_code: `  ${created.recovery_codes[1]?.toUpperCase()} `,
      }),
    );
    assert.equal(next.recovery_codes_remaining, TOTP_RECOVERY_CODE_COUNT - 2);
  });

  it('one code used twice in parallel (two sign-ins): exactly one member session', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const { created } = await enrollTotp(t, member);
    const code = created.recovery_codes[0];
    const [a, b] = [await firstFactor(t, member), await firstFactor(t, member)];
    const answers = await Promise.all([
      recover({ ...target(member, a), recovery_code: code }),
      recover({ ...target(member, b), recovery_code: code }),
    ]);
    assert.deepEqual(await statuses(answers), [200, 401]);
    const [used] = await t.service.db.query<{ n: number }>(
      'select count(*)::int as n from member_recovery_codes where member_id = $1 and used_at is not null',
      [member.id],
    );
    assert.equal(used?.n, 1);
  });

  it('one intermediate session with two codes in parallel: one session, and the other code is not spent', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const { created } = await enrollTotp(t, member);
    const ist = await firstFactor(t, member);
    const [first, second] = created.recovery_codes;
    const answers = await Promise.all([
      recover({ ...target(member, ist), recovery_code: first }),
      recover({ ...target(member, ist), recovery_code: second }),
    ]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as {
      error_type?: string;
      recovery_codes_remaining?: number;
    }[];
    assert.deepEqual(answers.map((r) => r.status).sort(), [200, 404]);
    assert.ok(bodies.some((body) => body.error_type === 'intermediate_session_not_found'));
    const [unused] = await t.service.db.query<{ n: number }>(
      'select count(*)::int as n from member_recovery_codes where member_id = $1 and used_at is null',
      [member.id],
    );
    assert.equal(unused?.n, TOTP_RECOVERY_CODE_COUNT - 1);
  });

  it('codes of an app that was never confirmed do not work', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const ist = await firstFactor(t, member);
    const created = await dataOf<TotpCreated>(await b2bPost(t, '/b2b/totp', target(member, ist)));
    await expectError(
      await recover({ ...target(member, ist), recovery_code: created.recovery_codes[0] }),
      401,
      'recovery_code_not_found',
    );
  });

  it("another member's code does not work, and is not used up", async () => {
    const organization = await mfaOrganization(t);
    const [a, b] = [await makeMember(t, organization), await makeMember(t, organization)];
    const { created } = await enrollTotp(t, a);
    await enrollTotp(t, b);
    await expectError(
      await recover({ ...target(b, await firstFactor(t, b)), recovery_code: created.recovery_codes[0] }),
      401,
      'recovery_code_not_found',
    );
    await dataOf(await recover({ ...target(a, await firstFactor(t, a)), recovery_code: created.recovery_codes[0] }));
  });

  it(`wrong codes count toward the member lock: after ${USER_LOCK_FAILURE_LIMIT}, even a right one fails`, async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const { created } = await enrollTotp(t, member);
    const ist = await firstFactor(t, member);
    const burst = await Promise.all(
      Array.from({ length: USER_LOCK_FAILURE_LIMIT - 1 }, (_, i) =>
        recover({ ...target(member, ist), recovery_code: `wrong-code-${i}` }),
      ),
    );
    assert.deepEqual(await statuses(burst), Array(USER_LOCK_FAILURE_LIMIT - 1).fill(401));
    assert.equal(await memberAttempts(t, member.id), USER_LOCK_FAILURE_LIMIT - 1);
    await expectError(
      await recover({ ...target(member, ist), recovery_code: 'wrong' }),
      429,
      'user_lock_limit_reached',
    );
    await expectError(
      await recover({ ...target(member, ist), recovery_code: created.recovery_codes[0] }),
      429,
      'user_lock_limit_reached',
    );
  });
});

describe('listing and rotating (member session)', () => {
  it('the codes are never shown again: the list is empty and says how many still work', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const { created, session } = await enrollTotp(t, member);
    await dataOf(
      await recover({ ...target(member, await firstFactor(t, member)), recovery_code: created.recovery_codes[0] }),
    );
    const listed = await dataOf<Codes>(await b2bGet(t, '/b2b/recovery_codes', session.session_token));
    assert.deepEqual(listed.recovery_codes, []);
    assert.equal(listed.recovery_codes_remaining, TOTP_RECOVERY_CODE_COUNT - 1);
    assert.equal(listed.member_id, member.id);
  });

  it('rotate: ten new codes shown once, stored as digests; every earlier code stops working', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const { created, session } = await enrollTotp(t, member);
    const rotated = await dataOf<Codes>(await b2bPost(t, '/b2b/recovery_codes/rotate', {}, session.session_token));
    assert.equal(rotated.member_id, member.id);
    assert.equal(rotated.recovery_codes.length, TOTP_RECOVERY_CODE_COUNT);
    assert.equal(new Set([...rotated.recovery_codes, ...created.recovery_codes]).size, 2 * TOTP_RECOVERY_CODE_COUNT);
    const hashes = await t.service.db.query<{ code_hash: string }>(
      'select code_hash from member_recovery_codes where member_id = $1 order by code_hash',
      [member.id],
    );
    assert.deepEqual(
      hashes.map((row) => row.code_hash),
      rotated.recovery_codes.map((code) => hashToken(code)).sort(),
    );
    await expectError(
      await recover({ ...target(member, await firstFactor(t, member)), recovery_code: created.recovery_codes[1] }),
      401,
      'recovery_code_not_found',
    );
    await dataOf(
      await recover({ ...target(member, await firstFactor(t, member)), recovery_code: rotated.recovery_codes[1] }),
    );
  });

  it('need a member session; a member without an app has no codes (404)', async () => {
    await expectError(await b2bGet(t, '/b2b/recovery_codes'), 401, 'user_unauthenticated');
    await expectError(await b2bPost(t, '/b2b/recovery_codes/rotate', {}), 401, 'user_unauthenticated');
    await expectError(await b2bGet(t, '/b2b/recovery_codes', 'not-a-session'), 404, 'session_not_found');

    // A member who signed in with an SMS passcode and has no app.
    const member = await makeMember(t, await mfaOrganization(t));
    await t.service.db.query(
      `update members set mfa_phone_number = '+16285550199', mfa_phone_number_verified = true where id = $1`,
      [member.id],
    );
    const ist = await firstFactor(t, member);
    await dataOf(await b2bPost(t, '/b2b/otps/sms/send', target(member, ist)));
    const code = await latestSmsCode(t, '+16285550199');
    const session = await dataOf<MemberAuthenticated>(
      await b2bPost(t, '/b2b/otps/sms/authenticate', { ...target(member, ist), code, session_duration_minutes: 30 }),
    );
    const missing = 'This member has no authenticator app that can be used. Add one first.';
    await expectError(await b2bGet(t, '/b2b/recovery_codes', session.session_token), 404, 'totp_not_found', missing);
    await expectError(
      await b2bPost(t, '/b2b/recovery_codes/rotate', {}, session.session_token),
      404,
      'totp_not_found',
      missing,
    );
  });
});

describe('malformed requests → 4xx with an error_type, never 500', () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{}, 'invalid_request', 'organization_id is required.'],
    [{ organization_id: 'o', member_id: 'm' }, 'invalid_request', 'recovery_code is required.'],
    [{ organization_id: 'o', member_id: 'm', recovery_code: 7 }, 'invalid_request', 'recovery_code must be a string'],
    [
      { organization_id: 'o', member_id: 'm', recovery_code: 'x', session_duration_minutes: null },
      'invalid_request',
      'session_duration_minutes is required.',
    ],
  ];
  for (const [body, errorType, message] of cases) {
    it(`/b2b/recovery_codes/recover ${JSON.stringify(body)} → 400 ${errorType}`, async () => {
      await expectError(await b2bPost(t, '/b2b/recovery_codes/recover', body), 400, errorType, message);
    });
  }

  it('rotate with a body that is not an object → 400', async () => {
    const member = await makeMember(t, await mfaOrganization(t));
    const { session } = await enrollTotp(t, member);
    await expectError(
      await post(t, '/b2b/recovery_codes/rotate', undefined, {
        raw: '[]',
        headers: { Authorization: b2bAuth(session.session_token) },
      }),
      400,
      'invalid_request',
      'The request body must be a JSON object.',
    );
  });
});
