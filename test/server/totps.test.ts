import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TOTP_PERIOD_SECONDS, TOTP_RECOVERY_CODE_COUNT } from '../../src/server/constants/totp.ts';
import { base32Decode, base32Encode, hotp, totpAt, type TotpAlgorithm } from '../../src/server/security/totp.ts';
import { dataOf, expectError, get, post, signIn, startTestService, type TestService } from './support.ts';

// RFC 6238 appendix B: the seeds are ASCII digits, 20/32/64 bytes for SHA-1/256/512; codes have 8 digits.
const SEEDS: Record<TotpAlgorithm, Buffer> = {
  sha1: Buffer.from('12345678901234567890', 'ascii'),
  sha256: Buffer.from('12345678901234567890123456789012', 'ascii'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii'),
};
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP algorithm (RFC 4226, RFC 6238)', () => {
  it('matches every RFC 6238 appendix B vector for SHA-1, SHA-256 and SHA-512', () => {
    for (const [seconds, sha1, sha256, sha512] of VECTORS) {
      const at = (algorithm: TotpAlgorithm) => totpAt(SEEDS[algorithm], seconds * 1000, { digits: 8, algorithm });
      assert.deepEqual([at('sha1'), at('sha256'), at('sha512')], [sha1, sha256, sha512], `T = ${seconds}`);
    }
  });

  it('matches the RFC 4226 appendix D HOTP values', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    assert.deepEqual(
      expected.map((_, i) => hotp(SEEDS.sha1, BigInt(i))),
      expected,
    );
  });

  it('round-trips base32 (RFC 4648 section 10 vectors, unpadded)', () => {
    assert.equal(base32Encode(Buffer.from('foobar')), 'MZXW6YTBOI');
    assert.equal(base32Decode('mzxw 6ytb oi==').toString(), 'foobar');
    assert.equal(base32Encode(SEEDS.sha1), 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });
});

describe('TOTP on the service', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
  });
  after(() => t.close());

  async function enrolled() {
    const student = await signIn(t);
    const created = await dataOf<{
      totp_id: string;
      secret: string;
      qr_code: string;
      recovery_codes: string[];
      __user: { user_id: string };
    }>(await post(t, '/totps', { expiration_minutes: 5 }, { sessionToken: student.sessionToken }));
    return { student, created, key: base32Decode(created.secret) };
  }

  it('creates an authenticator: a 160-bit base32 secret, its key URI and 10 distinct recovery codes', async () => {
    const { student, created } = await enrolled();
    assert.equal(base32Decode(created.secret).length, 20);
    assert.match(created.qr_code, /^otpauth:\/\/totp\/Westlight%20University:/);
    assert.ok(created.qr_code.includes(`secret=${created.secret}`));
    assert.equal(created.recovery_codes.length, TOTP_RECOVERY_CODE_COUNT);
    assert.equal(new Set(created.recovery_codes).size, TOTP_RECOVERY_CODE_COUNT);
    assert.equal(created.__user.user_id, student.userId);
    // Unverified until a first code is accepted, so the user does not list it yet.
    const me = await dataOf<{ totps: unknown[] }>(await get(t, '/users/me', { sessionToken: student.sessionToken }));
    assert.deepEqual(me.totps, []);
  });

  it('accepts the current code once; the same code again is totp_code_already_authenticated', async () => {
    const { student, created, key } = await enrolled();
    const code = totpAt(key, t.now());
    const body = { totp_code: code, session_duration_minutes: 30 };
    const data = await dataOf<{
      totp_id: string;
      session: { authentication_factors: { delivery_method: string }[] };
      user: { totps: unknown[] };
    }>(await post(t, '/totps/authenticate', body, { sessionToken: student.sessionToken }));
    assert.equal(data.totp_id, created.totp_id);
    assert.deepEqual(data.user.totps, [{ totp_id: created.totp_id, verified: true }]);
    assert.deepEqual(data.session.authentication_factors.map((f) => f.delivery_method).sort(), [
      'authenticator_app',
      'email',
    ]);
    await expectError(
      await post(t, '/totps/authenticate', body, { sessionToken: student.sessionToken }),
      401,
      'totp_code_already_authenticated',
      'This TOTP code has already been used. Wait for the next code from your authenticator app.',
    );
    // The previous period's code is inside the window but older than the used step: refused too.
    const previous = totpAt(key, t.now() - TOTP_PERIOD_SECONDS * 1000);
    if (previous !== code) {
      await expectError(
        await post(t, '/totps/authenticate', { ...body, totp_code: previous }, { sessionToken: student.sessionToken }),
        401,
        'totp_code_already_authenticated',
      );
    }
  });

  it('accepts a code one step either side of now, not two', async () => {
    const { student, key } = await enrolled();
    const auth = (ms: number) =>
      post(
        t,
        '/totps/authenticate',
        { totp_code: totpAt(key, ms), session_duration_minutes: 30 },
        { sessionToken: student.sessionToken },
      );
    await expectError(await auth(t.now() - 2 * TOTP_PERIOD_SECONDS * 1000), 401, 'otp_code_not_found');
    await dataOf(await auth(t.now() - TOTP_PERIOD_SECONDS * 1000));
    await dataOf(await auth(t.now() + TOTP_PERIOD_SECONDS * 1000));
    await expectError(await auth(t.now() + 2 * TOTP_PERIOD_SECONDS * 1000), 401, 'otp_code_not_found');
  });

  it('a recovery code signs in once; used again it is recovery_code_not_found', async () => {
    const { student, created, key } = await enrolled();
    await dataOf(
      await post(
        t,
        '/totps/authenticate',
        { totp_code: totpAt(key, t.now()), session_duration_minutes: 30 },
        { sessionToken: student.sessionToken },
      ),
    );
    const body = { recovery_code: created.recovery_codes[3], session_duration_minutes: 30 };
    const data = await dataOf<{ totp_id: string; session: { authentication_factors: { delivery_method: string }[] } }>(
      await post(t, '/totps/recover', body, { sessionToken: student.sessionToken }),
    );
    assert.equal(data.totp_id, created.totp_id);
    assert.ok(data.session.authentication_factors.some((f) => f.delivery_method === 'recovery_code'));
    await expectError(
      await post(t, '/totps/recover', body, { sessionToken: student.sessionToken }),
      401,
      'recovery_code_not_found',
      'The recovery code is wrong or has already been used.',
    );
  });

  it('regenerating recovery codes kills the old ones', async () => {
    const { student, created, key } = await enrolled();
    await dataOf(
      await post(
        t,
        '/totps/authenticate',
        { totp_code: totpAt(key, t.now()), session_duration_minutes: 30 },
        { sessionToken: student.sessionToken },
      ),
    );
    const fresh = await dataOf<{ totps: { totp_id: string; recovery_codes: string[] }[] }>(
      await post(t, '/totps/recovery_codes', undefined, { sessionToken: student.sessionToken }),
    );
    assert.equal(fresh.totps[0]?.totp_id, created.totp_id);
    await expectError(
      await post(
        t,
        '/totps/recover',
        { recovery_code: created.recovery_codes[0], session_duration_minutes: 30 },
        { sessionToken: student.sessionToken },
      ),
      401,
      'recovery_code_not_found',
    );
    await dataOf(
      await post(
        t,
        '/totps/recover',
        { recovery_code: fresh.totps[0]?.recovery_codes[0], session_duration_minutes: 30 },
        { sessionToken: student.sessionToken },
      ),
    );
  });

  it('checks required fields with the spec wording, and needs a session', async () => {
    const { student } = await enrolled();
    const s = { sessionToken: student.sessionToken };
    await expectError(
      await post(t, '/totps/authenticate', { totp_code: 123456, session_duration_minutes: 30 }, s),
      400,
      'invalid_request',
      'totp_code must be a string',
    );
    await expectError(
      await post(t, '/totps/authenticate', { totp_code: '123456' }, s),
      400,
      'invalid_request',
      'session_duration_minutes is required.',
    );
    await expectError(
      await post(t, '/totps/recover', { recovery_code: 5, session_duration_minutes: 30 }, s),
      400,
      'invalid_request',
      'recovery_code must be a string',
    );
    await expectError(
      await post(t, '/totps', { expiration_minutes: '5' }, s),
      400,
      'invalid_request',
      'expiration_minutes must be a number',
    );
    await expectError(await post(t, '/totps', { expiration_minutes: 5 }), 401, 'user_unauthenticated');
    await expectError(
      await post(t, '/totps/authenticate', { totp_code: '123456', session_duration_minutes: 30 }),
      401,
      'user_unauthenticated',
    );
  });
});
