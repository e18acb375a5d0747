import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WEBAUTHN_PATHS } from '../../src/api/webauthn.ts';
import { USER_LOCK_FAILURE_LIMIT } from '../../src/server/constants/rate-limits.ts';
import { SESSION_DURATION_MINUTES_MAX, SESSION_DURATION_MINUTES_MIN } from '../../src/server/constants/sessions.ts';
import {
  WEBAUTHN_CHALLENGE_LIFETIME_MS,
  WEBAUTHN_DEFAULT_REGISTRATION_NAME,
} from '../../src/server/constants/webauthn.ts';
import { startServer } from '../../src/server/listen.ts';
import { hashToken } from '../../src/server/security/tokens.ts';
import { insertChallenge, insertRegistration } from '../../src/server/store/webauthn.ts';
import {
  basicAuth,
  dataOf,
  expectError,
  get,
  PAGE_ORIGIN,
  post,
  signIn,
  startTestService,
  TEST_SECRET_KEY,
  type SignedIn,
  type TestService,
} from './support.ts';
import { SoftwareAuthenticator } from './webauthn-authenticator.ts';
import { RECORDED_ASSERTION, RECORDED_ORIGIN, RECORDED_REGISTRATION, RECORDED_RP_ID } from './webauthn-fixtures.ts';

const RP_ID = new URL(PAGE_ORIGIN).hostname;
/** A second allowed page on a subdomain, for the parent-domain rule of the relying party id. */
const SUBDOMAIN_ORIGIN = 'https://students.westlight.test';
const USER_AGENT = 'Mozilla/5.0 (software authenticator)';
const FROM_PAGE = { Origin: PAGE_ORIGIN };

interface Registered {
  student: SignedIn;
  authenticator: SoftwareAuthenticator;
  registrationId: string;
  data: Record<string, unknown> & { session: { authentication_factors: Record<string, unknown>[] } };
}

describe('WebAuthn on the service', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService({ allowedOrigins: [PAGE_ORIGIN, SUBDOMAIN_ORIGIN] });
  });
  after(() => t.close());

  async function registerStart(student: SignedIn, body: Record<string, unknown> = {}, origin = PAGE_ORIGIN) {
    return dataOf<{ user_id: string; public_key_credential_creation_options: string }>(
      await post(
        t,
        WEBAUTHN_PATHS.registerStart,
        { domain: RP_ID, user_agent: USER_AGENT, return_passkey_credential_options: true, ...body },
        { sessionToken: student.sessionToken, headers: { Origin: origin } },
      ),
    );
  }

  function registerFinish(
    student: SignedIn,
    credential: string,
    extra: Record<string, unknown> = {},
    origin = PAGE_ORIGIN,
  ) {
    return post(
      t,
      WEBAUTHN_PATHS.register,
      { public_key_credential: credential, session_duration_minutes: 30, ...extra },
      { sessionToken: student.sessionToken, headers: { Origin: origin } },
    );
  }

  async function registered(student?: SignedIn): Promise<Registered> {
    const who = student ?? (await signIn(t));
    const start = await registerStart(who);
    const authenticator = new SoftwareAuthenticator();
    const data = await dataOf<Registered['data'] & { webauthn_registration_id: string }>(
      await registerFinish(
        who,
        authenticator.register(start.public_key_credential_creation_options, { origin: PAGE_ORIGIN }),
      ),
    );
    return { student: who, authenticator, registrationId: data.webauthn_registration_id, data };
  }

  async function authStart(body: Record<string, unknown> = {}, sessionToken?: string) {
    const path = sessionToken ? WEBAUTHN_PATHS.authenticateStartSecondary : WEBAUTHN_PATHS.authenticateStartPrimary;
    const data = await dataOf<{ public_key_credential_request_options: string }>(
      await post(
        t,
        path,
        { domain: RP_ID, return_passkey_credential_options: true, ...body },
        {
          headers: FROM_PAGE,
          ...(sessionToken ? { sessionToken } : {}),
        },
      ),
    );
    return data.public_key_credential_request_options;
  }

  function authFinish(
    credential: string,
    extra: Record<string, unknown> = {},
    options: { origin?: string; sessionToken?: string } = {},
  ) {
    return post(
      t,
      WEBAUTHN_PATHS.authenticate,
      { public_key_credential: credential, session_duration_minutes: 30, ...extra },
      {
        headers: { Origin: options.origin ?? PAGE_ORIGIN },
        ...(options.sessionToken ? { sessionToken: options.sessionToken } : {}),
      },
    );
  }

  describe('register', () => {
    it(
      'start answers creation options as a JSON text: a discoverable credential with user ' +
        'verification, for this RP',
      async () => {
        const student = await signIn(t);
        const start = await registerStart(student);
        assert.equal(start.user_id, student.userId);
        const options = JSON.parse(start.public_key_credential_creation_options);
        assert.equal(options.rp.id, RP_ID);
        assert.equal(options.rp.name, 'Westlight University');
        assert.equal(Buffer.from(options.user.id, 'base64url').toString(), student.userId);
        assert.equal(options.user.name, student.email);
        assert.match(options.challenge, /^[A-Za-z0-9_-]{43}$/, '32 random bytes, unpadded base64url');
        assert.equal(options.timeout, WEBAUTHN_CHALLENGE_LIFETIME_MS);
        assert.equal(options.attestation, 'none');
        assert.deepEqual(options.excludeCredentials, []);
        assert.equal(options.authenticatorSelection.residentKey, 'required');
        assert.equal(options.authenticatorSelection.requireResidentKey, true);
        assert.equal(options.authenticatorSelection.userVerification, 'required');
        assert.ok(
          options.pubKeyCredParams.some((p: { alg: number }) => p.alg === -7),
          'ES256 offered',
        );
      },
    );

    it('without is_passkey: no resident key, user verification preferred, the attachment asked for', async () => {
      const student = await signIn(t);
      const start = await registerStart(student, {
        return_passkey_credential_options: false,
        authenticator_type: 'cross-platform',
      });
      const selection = JSON.parse(start.public_key_credential_creation_options).authenticatorSelection;
      assert.equal(selection.residentKey, 'discouraged');
      assert.equal(selection.requireResidentKey, false);
      assert.equal(selection.userVerification, 'preferred');
      assert.equal(selection.authenticatorAttachment, 'cross-platform');
    });

    it(
      'register answers AuthResp + webauthn_registration_id; the session gains the webauthn ' +
        'factor; users/me lists it',
      async () => {
        const { student, registrationId, data } = await registered();
        assert.match(registrationId, /^webauthn-registration-test-[0-9a-f-]{36}$/);
        assert.equal(data.user_id, student.userId);
        assert.equal(data.session_token, student.sessionToken, 'the same session, stepped up');
        assert.equal(typeof data.session_jwt, 'string');
        const factors = data.session.authentication_factors;
        const factor = factors.find((f) => f.delivery_method === 'webauthn_registration');
        assert.deepEqual(
          { ...factor, last_authenticated_at: undefined },
          {
            type: 'webauthn_registration',
            delivery_method: 'webauthn_registration',
            last_authenticated_at: undefined,
            webauthn_factor: { webauthn_registration_id: registrationId, domain: RP_ID, user_agent: USER_AGENT },
          },
        );
        assert.ok(
          factors.some((f) => f.delivery_method === 'email'),
          'the magic-link factor stays',
        );
        const me = await dataOf<{ webauthn_registrations: unknown[] }>(
          await get(t, '/users/me', { sessionToken: student.sessionToken }),
        );
        assert.deepEqual(me.webauthn_registrations, [
          {
            webauthn_registration_id: registrationId,
            domain: RP_ID,
            user_agent: USER_AGENT,
            authenticator_type: 'platform',
            verified: true,
            name: WEBAUTHN_DEFAULT_REGISTRATION_NAME,
          },
        ]);
      },
    );

    it('a second start excludes the credentials the user already has', async () => {
      const { student, authenticator } = await registered();
      const start = await registerStart(student);
      assert.deepEqual(JSON.parse(start.public_key_credential_creation_options).excludeCredentials, [
        { id: authenticator.id, type: 'public-key', transports: ['internal'] },
      ]);
    });

    it('a replayed register response is refused: the challenge works once', async () => {
      const student = await signIn(t);
      const start = await registerStart(student);
      const credential = new SoftwareAuthenticator().register(start.public_key_credential_creation_options, {
        origin: PAGE_ORIGIN,
      });
      await dataOf(await registerFinish(student, credential));
      await expectError(
        await registerFinish(student, credential),
        404,
        'webauthn_challenge_not_found',
        'The WebAuthn challenge is unknown, expired or already used. Start the registration or sign-in again.',
      );
    });

    it('an expired challenge is refused', async () => {
      const student = await signIn(t, undefined, 60);
      const start = await registerStart(student);
      t.advance(WEBAUTHN_CHALLENGE_LIFETIME_MS + 1);
      const credential = new SoftwareAuthenticator().register(start.public_key_credential_creation_options, {
        origin: PAGE_ORIGIN,
      });
      await expectError(await registerFinish(student, credential), 404, 'webauthn_challenge_not_found');
    });

    it('the same credential registered again (by anyone) is 409 duplicate_webauthn_registration', async () => {
      const { authenticator } = await registered();
      const other = await signIn(t);
      const start = await registerStart(other);
      await expectError(
        await registerFinish(
          other,
          authenticator.register(start.public_key_credential_creation_options, { origin: PAGE_ORIGIN }),
        ),
        409,
        'duplicate_webauthn_registration',
        'This credential is already registered.',
      );
    });

    it('two parallel registrations of one credential: exactly one wins', async () => {
      const student = await signIn(t);
      const authenticator = new SoftwareAuthenticator();
      const starts = await Promise.all([registerStart(student), registerStart(student)]);
      const responses = await Promise.all(
        starts.map((s) =>
          registerFinish(
            student,
            authenticator.register(s.public_key_credential_creation_options, { origin: PAGE_ORIGIN }),
          ),
        ),
      );
      assert.deepEqual(responses.map((r) => r.status).sort(), [200, 409]);
      await expectError(responses.find((r) => r.status === 409)!, 409, 'duplicate_webauthn_registration');
      const me = await dataOf<{ webauthn_registrations: unknown[] }>(
        await get(t, '/users/me', { sessionToken: student.sessionToken }),
      );
      assert.equal(me.webauthn_registrations.length, 1);
    });

    it(
      'refuses a response made for another origin, another RP id, without UV for a passkey, or ' + 'of the wrong type',
      async () => {
        const student = await signIn(t);
        const cases: [string, Parameters<SoftwareAuthenticator['register']>[1], RegExp][] = [
          [
            'origin',
            { origin: 'http://localhost:6666' },
            /origin "http:\/\/localhost:6666", expected "http:\/\/localhost:5173"/,
          ],
          ['rp id', { origin: PAGE_ORIGIN, rpId: 'example.com' }, /RP ID/],
          ['user verification', { origin: PAGE_ORIGIN, userVerified: false }, /User verification (was )?required/],
          ['type', { origin: PAGE_ORIGIN, type: 'webauthn.get' }, /webauthn\.get/],
        ];
        for (const [what, options, reason] of cases) {
          const start = await registerStart(student);
          const body = await expectError(
            await registerFinish(
              student,
              new SoftwareAuthenticator().register(start.public_key_credential_creation_options, options),
            ),
            401,
            'invalid_webauthn_credential',
          );
          assert.match(body.error_message, /^The WebAuthn credential could not be verified: /, what);
          assert.match(body.error_message, reason, what);
        }
      },
    );

    it('a plain (not passkey) registration accepts an authenticator without user verification', async () => {
      const student = await signIn(t);
      const start = await registerStart(student, { return_passkey_credential_options: false });
      const credential = new SoftwareAuthenticator().register(start.public_key_credential_creation_options, {
        origin: PAGE_ORIGIN,
        userVerified: false,
      });
      await dataOf(await registerFinish(student, credential));
    });

    it('needs a session (401 user_unauthenticated) for start and finish', async () => {
      await expectError(
        await post(t, WEBAUTHN_PATHS.registerStart, { domain: RP_ID, user_agent: USER_AGENT }, { headers: FROM_PAGE }),
        401,
        'user_unauthenticated',
      );
      await expectError(
        await post(t, WEBAUTHN_PATHS.register, { public_key_credential: '{}' }, { headers: FROM_PAGE }),
        401,
        'user_unauthenticated',
      );
    });
  });

  describe('relying party id and origin', () => {
    it(
      'accepts the page host and a parent domain of it; refuses a bare suffix, a sibling and ' + 'another host',
      async () => {
        const student = await signIn(t);
        for (const domain of ['students.westlight.test', 'westlight.test']) {
          const start = await registerStart(student, { domain }, SUBDOMAIN_ORIGIN);
          assert.equal(JSON.parse(start.public_key_credential_creation_options).rp.id, domain);
        }
        for (const domain of [
          'test',
          'evil.test',
          'localhost',
          'other.students.westlight.test',
          'Westlight.test',
          'westlight.test:443',
          '',
        ]) {
          const res = await post(
            t,
            WEBAUTHN_PATHS.registerStart,
            { domain, user_agent: USER_AGENT },
            { sessionToken: student.sessionToken, headers: { Origin: SUBDOMAIN_ORIGIN } },
          );
          await expectError(
            res,
            400,
            'invalid_request',
            domain === '' || /[A-Z:]/.test(domain)
              ? 'domain must be a host name such as example.com (lower case, no port).'
              : `domain ${domain} is neither the host of the calling page ` +
                  `${SUBDOMAIN_ORIGIN} nor a parent domain of it.`,
          );
        }
      },
    );

    it('a page origin outside the allowlist is refused; a call without Origin is 400', async () => {
      const student = await signIn(t);
      await expectError(
        await post(
          t,
          WEBAUTHN_PATHS.authenticateStartPrimary,
          { domain: RP_ID },
          { headers: { Origin: 'https://evil.example' } },
        ),
        403,
        'origin_not_allowed',
      );
      await expectError(
        await post(
          t,
          WEBAUTHN_PATHS.registerStart,
          { domain: RP_ID, user_agent: USER_AGENT },
          { sessionToken: student.sessionToken },
        ),
        400,
        'invalid_request',
        'WebAuthn calls must come from a web page: the Origin header is missing.',
      );
    });

    it('a ceremony started for westlight.test finishes from its subdomain page', async () => {
      const student = await signIn(t);
      const start = await registerStart(student, { domain: 'westlight.test' }, SUBDOMAIN_ORIGIN);
      const authenticator = new SoftwareAuthenticator();
      await dataOf(
        await registerFinish(
          student,
          authenticator.register(start.public_key_credential_creation_options, { origin: SUBDOMAIN_ORIGIN }),
          {},
          SUBDOMAIN_ORIGIN,
        ),
      );
      const options = (
        await dataOf<{ public_key_credential_request_options: string }>(
          await post(
            t,
            WEBAUTHN_PATHS.authenticateStartPrimary,
            { domain: 'westlight.test', return_passkey_credential_options: true },
            {
              headers: { Origin: SUBDOMAIN_ORIGIN },
            },
          ),
        )
      ).public_key_credential_request_options;
      await dataOf(
        await authFinish(authenticator.assert(options, { origin: SUBDOMAIN_ORIGIN }), {}, { origin: SUBDOMAIN_ORIGIN }),
      );
    });
  });

  describe('authenticate', () => {
    it(
      'primary passkey: request options without an allow list, UV required; signs in with the ' + 'webauthn factor',
      async () => {
        const { student, authenticator, registrationId } = await registered();
        const optionsText = await authStart();
        const options = JSON.parse(optionsText);
        assert.equal(options.rpId, RP_ID);
        assert.equal(options.userVerification, 'required');
        assert.equal(options.allowCredentials, undefined);
        assert.equal(options.timeout, WEBAUTHN_CHALLENGE_LIFETIME_MS);
        assert.match(options.challenge, /^[A-Za-z0-9_-]{43}$/);
        const data = await dataOf<{
          user_id: string;
          session_token: string;
          webauthn_registration_id: string;
          session: { authentication_factors: Record<string, unknown>[] };
        }>(await authFinish(authenticator.assert(optionsText, { origin: PAGE_ORIGIN })));
        assert.equal(data.user_id, student.userId);
        assert.equal(data.webauthn_registration_id, registrationId);
        assert.notEqual(data.session_token, student.sessionToken, 'a new session: the passkey signed in on its own');
        assert.equal(data.session.authentication_factors.length, 1);
        const [factor] = data.session.authentication_factors;
        assert.equal(factor!.type, 'webauthn_registration');
        assert.equal(factor!.delivery_method, 'webauthn_registration');
        assert.deepEqual(factor!.webauthn_factor, {
          webauthn_registration_id: registrationId,
          domain: RP_ID,
          user_agent: USER_AGENT,
        });
        assert.ok(!Number.isNaN(Date.parse(String(factor!.last_authenticated_at))));
        // And again: the counter moves on.
        await dataOf(await authFinish(authenticator.assert(await authStart(), { origin: PAGE_ORIGIN })));
      },
    );

    it('secondary: only that user credentials are allowed, and the session gains the factor', async () => {
      const { student, authenticator } = await registered();
      const optionsText = await authStart({ return_passkey_credential_options: false }, student.sessionToken);
      const options = JSON.parse(optionsText);
      assert.equal(options.userVerification, 'preferred');
      assert.deepEqual(options.allowCredentials, [
        { id: authenticator.id, type: 'public-key', transports: ['internal'] },
      ]);
      const data = await dataOf<{
        session_token: string;
        session: { authentication_factors: { delivery_method: string }[] };
      }>(
        await authFinish(
          authenticator.assert(optionsText, { origin: PAGE_ORIGIN, userVerified: false }),
          {},
          { sessionToken: student.sessionToken },
        ),
      );
      assert.equal(data.session_token, student.sessionToken);
      assert.deepEqual(data.session.authentication_factors.map((f) => f.delivery_method).sort(), [
        'email',
        'webauthn_registration',
      ]);
    });

    it(
      'secondary: another user credential is webauthn_registration_not_found; a user without one ' + 'gets it at start',
      async () => {
        const mallory = await registered();
        const alice = await registered();
        const optionsText = await authStart({}, alice.student.sessionToken);
        await expectError(
          await authFinish(
            mallory.authenticator.assert(optionsText, { origin: PAGE_ORIGIN }),
            {},
            { sessionToken: alice.student.sessionToken },
          ),
          404,
          'webauthn_registration_not_found',
        );
        const newcomer = await signIn(t);
        await expectError(
          await post(
            t,
            WEBAUTHN_PATHS.authenticateStartSecondary,
            { domain: RP_ID },
            { sessionToken: newcomer.sessionToken, headers: FROM_PAGE },
          ),
          404,
          'webauthn_registration_not_found',
        );
        await expectError(
          await post(t, WEBAUTHN_PATHS.authenticateStartSecondary, { domain: RP_ID }, { headers: FROM_PAGE }),
          401,
          'user_unauthenticated',
        );
      },
    );

    it('a replayed assertion is refused (webauthn_challenge_not_found)', async () => {
      const { authenticator } = await registered();
      const assertion = authenticator.assert(await authStart(), { origin: PAGE_ORIGIN });
      await dataOf(await authFinish(assertion));
      await expectError(await authFinish(assertion), 404, 'webauthn_challenge_not_found');
    });

    it('an expired challenge is refused', async () => {
      const { authenticator } = await registered();
      const optionsText = await authStart();
      t.advance(WEBAUTHN_CHALLENGE_LIFETIME_MS + 1);
      await expectError(
        await authFinish(authenticator.assert(optionsText, { origin: PAGE_ORIGIN })),
        404,
        'webauthn_challenge_not_found',
      );
    });

    it('a register challenge cannot be used to authenticate', async () => {
      const { student, authenticator } = await registered();
      const start = await registerStart(student);
      const challenge = JSON.parse(start.public_key_credential_creation_options).challenge;
      await expectError(
        await authFinish(authenticator.assert(await authStart(), { origin: PAGE_ORIGIN, challenge })),
        404,
        'webauthn_challenge_not_found',
      );
    });

    it('a counter that does not increase is refused, and the stored counter stays', async () => {
      const { authenticator } = await registered();
      await dataOf(await authFinish(authenticator.assert(await authStart(), { origin: PAGE_ORIGIN, counter: 5 })));
      for (const counter of [5, 4]) {
        const body = await expectError(
          await authFinish(authenticator.assert(await authStart(), { origin: PAGE_ORIGIN, counter })),
          401,
          'invalid_webauthn_credential',
        );
        assert.match(body.error_message, new RegExp(`Response counter value ${counter} was lower than expected 5`));
      }
      await dataOf(await authFinish(authenticator.assert(await authStart(), { origin: PAGE_ORIGIN, counter: 6 })));
    });

    it(
      'two parallel assertions with one counter value: exactly one signs in (the counter moves ' + 'atomically)',
      async () => {
        const { authenticator } = await registered();
        const [first, second] = await Promise.all([authStart(), authStart()]);
        const responses = await Promise.all(
          [first!, second!].map((options) =>
            authFinish(authenticator.assert(options, { origin: PAGE_ORIGIN, counter: 7 })),
          ),
        );
        assert.deepEqual(responses.map((r) => r.status).sort(), [200, 401]);
        await expectError(
          responses.find((r) => r.status === 401)!,
          401,
          'invalid_webauthn_credential',
          /counter (value )?7/,
        );
      },
    );

    it('an authenticator that never counts (always 0) keeps working', async () => {
      const student = await signIn(t);
      const start = await registerStart(student);
      const authenticator = new SoftwareAuthenticator(false);
      await dataOf(
        await registerFinish(
          student,
          authenticator.register(start.public_key_credential_creation_options, { origin: PAGE_ORIGIN }),
        ),
      );
      for (let i = 0; i < 2; i += 1)
        await dataOf(await authFinish(authenticator.assert(await authStart(), { origin: PAGE_ORIGIN })));
    });

    it('refuses another origin, another RP id, a missing UV flag for a passkey, a bad signature', async () => {
      const { authenticator } = await registered();
      const cases: [string, Parameters<SoftwareAuthenticator['assert']>[1], RegExp][] = [
        [
          'origin',
          { origin: 'http://localhost:6666' },
          /Unexpected authentication response origin "http:\/\/localhost:6666"/,
        ],
        ['rp id', { origin: PAGE_ORIGIN, rpId: 'example.com' }, /RP ID/],
        ['user verification', { origin: PAGE_ORIGIN, userVerified: false }, /User verification (was )?required/],
      ];
      for (const [what, options, reason] of cases) {
        const body = await expectError(
          await authFinish(authenticator.assert(await authStart(), options)),
          401,
          'invalid_webauthn_credential',
        );
        assert.match(body.error_message, reason, what);
      }
      const tampered = JSON.parse(authenticator.assert(await authStart(), { origin: PAGE_ORIGIN }));
      const signature = Buffer.from(tampered.response.signature, 'base64url');
      // A bit inside r (the DER header is 4 bytes): still well-formed DER, no longer the signature.
      signature.writeUInt8(signature.readUInt8(10) ^ 1, 10);
      tampered.response.signature = signature.toString('base64url');
      await expectError(await authFinish(JSON.stringify(tampered)), 401, 'invalid_webauthn_credential');
    });

    it(
      `failed assertions count against the user like wrong passwords: the ` +
        `${USER_LOCK_FAILURE_LIMIT}th locks, the right one is then refused`,
      async () => {
        const { authenticator } = await registered();
        const wrongOrigin = async () =>
          authFinish(authenticator.assert(await authStart(), { origin: 'http://localhost:6666' }));
        for (let i = 1; i < USER_LOCK_FAILURE_LIMIT; i += 1)
          await expectError(await wrongOrigin(), 401, 'invalid_webauthn_credential');
        const lock = 'Too many failed authentication attempts. Please try again later.';
        await expectError(await wrongOrigin(), 429, 'user_lock_limit_reached', lock);
        await expectError(
          await authFinish(authenticator.assert(await authStart(), { origin: PAGE_ORIGIN })),
          429,
          'user_lock_limit_reached',
          lock,
        );
      },
    );

    it('an unknown credential is 404 webauthn_registration_not_found', async () => {
      const stranger = new SoftwareAuthenticator();
      await expectError(
        await authFinish(stranger.assert(await authStart(), { origin: PAGE_ORIGIN })),
        404,
        'webauthn_registration_not_found',
        'No WebAuthn registration has this credential. It may have been deleted from the account.',
      );
    });
  });

  describe('rename and delete', () => {
    it('PUT /webauthn/update/{id} renames (trimmed) and answers the registration', async () => {
      const { student, registrationId } = await registered();
      const res = await t.service.app.request(`/sdk/v1${WEBAUTHN_PATHS.update}/${registrationId}`, {
        method: 'PUT',
        headers: { ...authHeaders(student.sessionToken), Origin: PAGE_ORIGIN },
        body: JSON.stringify({ name: '  Work laptop  ' }),
      });
      const data = await dataOf<{ webauthn_registration: Record<string, unknown> }>(res);
      assert.deepEqual(data.webauthn_registration, {
        webauthn_registration_id: registrationId,
        domain: RP_ID,
        user_agent: USER_AGENT,
        authenticator_type: 'platform',
        verified: true,
        name: 'Work laptop',
      });
      const me = await dataOf<{ webauthn_registrations: { name: string }[] }>(
        await get(t, '/users/me', { sessionToken: student.sessionToken }),
      );
      assert.equal(me.webauthn_registrations[0]!.name, 'Work laptop');
    });

    it('validates the name and refuses another user registration', async () => {
      const { student, registrationId } = await registered();
      const put = (id: string, body: unknown, token = student.sessionToken) =>
        t.service.app.request(`/sdk/v1${WEBAUTHN_PATHS.update}/${encodeURIComponent(id)}`, {
          method: 'PUT',
          headers: authHeaders(token),
          body: JSON.stringify(body),
        });
      await expectError(await put(registrationId, {}), 400, 'invalid_request', 'name is required.');
      await expectError(await put(registrationId, { name: 7 }), 400, 'invalid_request', 'name must be a string');
      await expectError(await put(registrationId, { name: '   ' }), 400, 'invalid_request', 'name must not be empty.');
      await expectError(
        await put(registrationId, { name: 'x'.repeat(101) }),
        400,
        'invalid_request',
        'name must be at most 100 characters.',
      );
      await expectError(
        await put(registrationId, { name: 'a\u0007b' }),
        400,
        'invalid_request',
        'name must not contain control characters.',
      );
      await expectError(await put('nope\u0000', { name: 'x' }), 400, 'invalid_request');
      const other = await signIn(t);
      await expectError(
        await put(registrationId, { name: 'mine now' }, other.sessionToken),
        404,
        'webauthn_registration_not_found',
        'The signed-in user has no WebAuthn registration with this id.',
      );
      await expectError(
        await t.service.app.request(`/sdk/v1${WEBAUTHN_PATHS.update}/${registrationId}`, {
          method: 'PUT',
          headers: authHeaders(undefined),
          body: JSON.stringify({ name: 'x' }),
        }),
        401,
        'user_unauthenticated',
      );
    });

    it(
      'DELETE /users/webauthn_registrations/{id} deletes; the credential then gets ' +
        'webauthn_registration_not_found',
      async () => {
        const { student, authenticator, registrationId } = await registered();
        const res = await t.service.app.request(`/sdk/v1/users/webauthn_registrations/${registrationId}`, {
          method: 'DELETE',
          headers: authHeaders(student.sessionToken),
        });
        const data = await dataOf<{ __user: { webauthn_registrations: unknown[] } }>(res);
        assert.deepEqual(data.__user.webauthn_registrations, []);
        await expectError(
          await authFinish(authenticator.assert(await authStart(), { origin: PAGE_ORIGIN })),
          404,
          'webauthn_registration_not_found',
          'No WebAuthn registration has this credential. It may have been deleted from the account.',
        );
      },
    );
    it('DELETE of another user registration is 404 not_found and leaves it; a second delete is 404 too', async () => {
      const { student, authenticator, registrationId } = await registered();
      const other = await signIn(t);
      const remove = (token: string) =>
        t.service.app.request(`/sdk/v1/users/webauthn_registrations/${registrationId}`, {
          method: 'DELETE',
          headers: authHeaders(token),
        });
      await expectError(
        await remove(other.sessionToken),
        404,
        'webauthn_registration_not_found',
        'The signed-in user has no WebAuthn registration with this id.',
      );
      await dataOf(await authFinish(authenticator.assert(await authStart(), { origin: PAGE_ORIGIN })));
      await dataOf(await remove(student.sessionToken));
      await expectError(await remove(student.sessionToken), 404, 'webauthn_registration_not_found');
    });
  });

  describe('malformed input: always 4xx with an error_type', () => {
    it('register/start and authenticate/start', async () => {
      const student = await signIn(t);
      const start = (body: unknown) =>
        post(t, WEBAUTHN_PATHS.registerStart, body, { sessionToken: student.sessionToken, headers: FROM_PAGE });
      const cases: [unknown, string][] = [
        [{ user_agent: USER_AGENT }, 'domain is required.'],
        [{ domain: 5, user_agent: USER_AGENT }, 'domain must be a string'],
        [{ domain: RP_ID }, 'user_agent is required.'],
        [{ domain: RP_ID, user_agent: 'x'.repeat(1025) }, 'user_agent must be at most 1024 characters.'],
        [
          { domain: RP_ID, user_agent: USER_AGENT, authenticator_type: 'usb' },
          'authenticator_type must be one of: platform, cross-platform.',
        ],
        [
          { domain: RP_ID, user_agent: USER_AGENT, return_passkey_credential_options: 'yes' },
          'return_passkey_credential_options must be a boolean',
        ],
        [{ domain: RP_ID, user_agent: USER_AGENT, override_id: 'x'.repeat(65) }, 'override_id must be 1 to 64 bytes.'],
        [
          { domain: RP_ID, user_agent: USER_AGENT, override_name: 'x'.repeat(257) },
          'override_name must be at most 256 characters.',
        ],
        [
          { domain: RP_ID, user_agent: USER_AGENT, use_base64_url_encoding: 1 },
          'use_base64_url_encoding must be a boolean',
        ],
      ];
      for (const [body, message] of cases) await expectError(await start(body), 400, 'invalid_request', message);
      await expectError(
        await post(t, WEBAUTHN_PATHS.registerStart, undefined, {
          sessionToken: student.sessionToken,
          headers: FROM_PAGE,
          raw: '{nope',
        }),
        400,
        'invalid_json',
      );
      await expectError(
        await post(
          t,
          WEBAUTHN_PATHS.authenticateStartPrimary,
          { domain: RP_ID, return_passkey_credential_options: 1 },
          { headers: FROM_PAGE },
        ),
        400,
        'invalid_request',
        'return_passkey_credential_options must be a boolean',
      );
      await expectError(
        await post(t, WEBAUTHN_PATHS.authenticateStartPrimary, {}, { headers: FROM_PAGE }),
        400,
        'invalid_request',
        'domain is required.',
      );
    });

    it('register and authenticate: the credential text and its members', async () => {
      const { student, authenticator } = await registered();
      const good = JSON.parse(authenticator.assert(await authStart(), { origin: PAGE_ORIGIN }));
      const withResponse = (patch: Record<string, unknown>) =>
        JSON.stringify({ ...good, response: { ...good.response, ...patch } });
      const cases: [unknown, string][] = [
        [{ session_duration_minutes: 30 }, 'public_key_credential is required.'],
        [{ public_key_credential: 12, session_duration_minutes: 30 }, 'public_key_credential must be a string'],
        [
          { public_key_credential: 'not json', session_duration_minutes: 30 },
          'public_key_credential must be a JSON text.',
        ],
        [
          { public_key_credential: '[1]', session_duration_minutes: 30 },
          'public_key_credential must be a JSON object.',
        ],
        [
          { public_key_credential: JSON.stringify({ ...good, id: undefined }), session_duration_minutes: 30 },
          'public_key_credential.id must be a base64url string.',
        ],
        [
          { public_key_credential: JSON.stringify({ ...good, id: '' }), session_duration_minutes: 30 },
          'public_key_credential.id must not be empty.',
        ],
        [
          { public_key_credential: JSON.stringify({ ...good, id: 'a+b/' }), session_duration_minutes: 30 },
          'public_key_credential.id must be a base64url string.',
        ],
        [
          { public_key_credential: JSON.stringify({ ...good, type: 'password' }), session_duration_minutes: 30 },
          'public_key_credential.type must be "public-key".',
        ],
        [
          { public_key_credential: JSON.stringify({ ...good, response: 'x' }), session_duration_minutes: 30 },
          'public_key_credential.response must be an object.',
        ],
        [
          {
            public_key_credential: JSON.stringify({ ...good, clientExtensionResults: [] }),
            session_duration_minutes: 30,
          },
          'public_key_credential.clientExtensionResults must be an object.',
        ],
        [
          {
            public_key_credential: JSON.stringify({ ...good, authenticatorAttachment: 3 }),
            session_duration_minutes: 30,
          },
          'public_key_credential.authenticatorAttachment must be a string.',
        ],
        [
          { public_key_credential: withResponse({ clientDataJSON: undefined }), session_duration_minutes: 30 },
          'public_key_credential.response.clientDataJSON must be a base64url string.',
        ],
        [
          {
            public_key_credential: withResponse({ clientDataJSON: Buffer.from('nope').toString('base64url') }),
            session_duration_minutes: 30,
          },
          'public_key_credential.response.clientDataJSON must be base64url of a JSON object.',
        ],
        [
          {
            public_key_credential: withResponse({
              clientDataJSON: Buffer.from('{"challenge":1}').toString('base64url'),
            }),
            session_duration_minutes: 30,
          },
          'public_key_credential.response.clientDataJSON must name the challenge (base64url).',
        ],
        [
          { public_key_credential: withResponse({ authenticatorData: 5 }), session_duration_minutes: 30 },
          'public_key_credential.response.authenticatorData must be a base64url string.',
        ],
        [
          { public_key_credential: withResponse({ signature: null }), session_duration_minutes: 30 },
          'public_key_credential.response.signature must be a base64url string.',
        ],
        [
          { public_key_credential: withResponse({ userHandle: 7 }), session_duration_minutes: 30 },
          'public_key_credential.response.userHandle must be a base64url string.',
        ],
        [{ public_key_credential: JSON.stringify(good) }, 'session_duration_minutes is required.'],
        [
          { public_key_credential: JSON.stringify(good), session_duration_minutes: 'x' },
          'session_duration_minutes must be a number',
        ],
        [
          { public_key_credential: JSON.stringify(good), session_duration_minutes: 30, captcha_token: 4 },
          'captcha_token must be a string',
        ],
      ];
      for (const [body, message] of cases) {
        await expectError(
          await post(t, WEBAUTHN_PATHS.authenticate, body, { headers: FROM_PAGE }),
          400,
          'invalid_request',
          message,
        );
      }
      // The good assertion still works: none of the refusals used its challenge.
      await dataOf(await authFinish(JSON.stringify(good)));

      const start = await registerStart(student);
      const creation = JSON.parse(
        new SoftwareAuthenticator().register(start.public_key_credential_creation_options, { origin: PAGE_ORIGIN }),
      );
      const registerCases: [unknown, string][] = [
        [
          {
            public_key_credential: JSON.stringify({
              ...creation,
              response: { ...creation.response, attestationObject: undefined },
            }),
          },
          'public_key_credential.response.attestationObject must be a base64url string.',
        ],
        [
          {
            public_key_credential: JSON.stringify({
              ...creation,
              response: { ...creation.response, transports: 'usb' },
            }),
          },
          'public_key_credential.response.transports must be an array of strings.',
        ],
        [
          { public_key_credential: JSON.stringify(creation), session_duration_minutes: 1 },
          `session_duration_minutes must be a whole number of minutes from ` +
            `${SESSION_DURATION_MINUTES_MIN} to ${SESSION_DURATION_MINUTES_MAX}.`,
        ],
      ];
      for (const [body, message] of registerCases) {
        await expectError(
          await post(t, WEBAUTHN_PATHS.register, body, { sessionToken: student.sessionToken, headers: FROM_PAGE }),
          400,
          'invalid_request',
          message,
        );
      }
      // A garbage attestation object that is valid base64url: the verifier refuses it, still a 4xx.
      await expectError(
        await post(
          t,
          WEBAUTHN_PATHS.register,
          {
            public_key_credential: JSON.stringify({
              ...creation,
              response: { ...creation.response, attestationObject: 'AAAA' },
            }),
          },
          { sessionToken: student.sessionToken, headers: FROM_PAGE },
        ),
        401,
        'invalid_webauthn_credential',
      );
    });
  });
});

describe('WebAuthn with responses recorded from real authenticators (SimpleWebAuthn fixtures)', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService({ allowedOrigins: [RECORDED_ORIGIN] });
  });
  after(() => t.close());

  // The recorded responses answer fixed challenges, so the challenge rows register/start or authenticate/start would
  // have stored are put in place with the same store functions; everything after is the real endpoint.
  async function storeChallenge(
    challenge: string,
    kind: 'register' | 'authenticate',
    userId: string | null,
  ): Promise<void> {
    const now = t.now();
    await insertChallenge(t.service.db, {
      challengeHash: hashToken(challenge),
      kind,
      user_id: userId,
      rp_id: RECORDED_RP_ID,
      require_user_verification: kind === 'register',
      user_handle: kind === 'register' ? Buffer.from('recorded').toString('base64url') : null,
      authenticator_type: null,
      user_agent: kind === 'register' ? 'Firefox for Android' : null,
      now,
      expiresAt: now + WEBAUTHN_CHALLENGE_LIFETIME_MS,
    });
  }

  it('registers the recorded none attestation; a replay of it is refused', async () => {
    const student = await signIn(t);
    await storeChallenge(RECORDED_REGISTRATION.challenge, 'register', student.userId);
    const send = () =>
      post(
        t,
        WEBAUTHN_PATHS.register,
        { public_key_credential: JSON.stringify(RECORDED_REGISTRATION.credential) },
        {
          sessionToken: student.sessionToken,
          headers: { Origin: RECORDED_ORIGIN },
        },
      );
    const data = await dataOf<{ webauthn_registration_id: string; user: { webauthn_registrations: unknown[] } }>(
      await send(),
    );
    assert.deepEqual(data.user.webauthn_registrations, [
      {
        webauthn_registration_id: data.webauthn_registration_id,
        domain: RECORDED_RP_ID,
        user_agent: 'Firefox for Android',
        authenticator_type: '',
        verified: true,
        name: WEBAUTHN_DEFAULT_REGISTRATION_NAME,
      },
    ]);
    const [row] = await t.service.db.query<{ credential_id: string; counter: string }>(
      'select credential_id, counter::text as counter from webauthn_registrations where id = $1',
      [data.webauthn_registration_id],
    );
    assert.deepEqual(row, { credential_id: RECORDED_REGISTRATION.credentialId, counter: '0' });
    await expectError(await send(), 404, 'webauthn_challenge_not_found');
  });

  it('signs in with the recorded assertion (counter 0 stays 0); a replay of it is refused', async () => {
    const owner = await signIn(t);
    await insertRegistration(t.service.db, {
      user_id: owner.userId,
      credential_id: RECORDED_ASSERTION.credentialId,
      public_key: RECORDED_ASSERTION.publicKey,
      counter: 0,
      transports: '',
      user_handle: '',
      authenticator_type: 'cross-platform',
      user_agent: 'recorded',
      domain: RECORDED_RP_ID,
      name: 'Security key',
      now: t.now(),
    });
    await storeChallenge(RECORDED_ASSERTION.challenge, 'authenticate', null);
    const send = () =>
      post(
        t,
        WEBAUTHN_PATHS.authenticate,
        { public_key_credential: JSON.stringify(RECORDED_ASSERTION.credential), session_duration_minutes: 30 },
        {
          headers: { Origin: RECORDED_ORIGIN },
        },
      );
    const data = await dataOf<{ user_id: string }>(await send());
    assert.equal(data.user_id, owner.userId);
    await expectError(await send(), 404, 'webauthn_challenge_not_found');
  });
});

describe("WebAuthn in production: the relying party is PUBLIC_URL's host (or its parent)", () => {
  it('accepts a ceremony from the PUBLIC_URL page for its host and its parent domain, and nothing else', async () => {
    const publicOrigin = 'https://id.westlight.example';
    const server = await startServer({
      mode: 'production',
      secretKey: TEST_SECRET_KEY,
      publicUrl: publicOrigin,
      database: { kind: 'memory' },
      requestLog: null,
    });
    try {
      const start = (domain: string, origin = publicOrigin) =>
        server.service.app.request(`/sdk/v1${WEBAUTHN_PATHS.authenticateStartPrimary}`, {
          method: 'POST',
          headers: { ...authHeaders(undefined), Origin: origin },
          body: JSON.stringify({ domain, return_passkey_credential_options: true }),
        });
      for (const domain of ['id.westlight.example', 'westlight.example']) {
        const data = await dataOf<{ public_key_credential_request_options: string }>(await start(domain));
        assert.equal(JSON.parse(data.public_key_credential_request_options).rpId, domain);
      }
      await expectError(
        await start('localhost'),
        400,
        'invalid_request',
        `domain localhost is neither the host of the calling page ${publicOrigin} nor a parent domain of it.`,
      );
      await expectError(await start('localhost', new URL(server.url).origin), 403, 'origin_not_allowed');
    } finally {
      await server.close();
    }
  });
});

function authHeaders(sessionToken: string | undefined): Record<string, string> {
  return { Authorization: basicAuth(sessionToken), 'Content-Type': 'application/json' };
}
