import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CAPTCHA_REQUIRED_TEXT } from '../../src/api/errors.ts';
import { DEV_CAPTCHA_SCRIPT_PATH, DEV_CAPTCHA_SITE_KEY } from '../../src/server/constants/dev-mode.ts';
import { DEV_CAPTCHA_PASS_TOKEN } from '../../src/server/dev/constants.ts';
import { signTrustedToken } from '../../src/server/security/trusted-token.ts';
import {
  basicAuth,
  dataOf,
  expectError,
  get,
  post,
  signIn,
  startTestService,
  uniqueEmail,
  type TestService,
} from './support.ts';

const PROFILE = {
  profileId: 'trusted-profile-test-1',
  issuer: 'https://idp.example.com',
  audience: 'westlight',
  secret: 'shh-a-test-secret-of-some-length',
};
const APP = {
  client_id: 'connected-app-test-1',
  name: 'Grades Sync',
  description: 'Copies grades',
  client_type: 'third_party' as const,
};

async function call(t: TestService, method: 'PUT' | 'DELETE', path: string, sessionToken: string, body?: unknown) {
  return t.service.app.request(`/sdk/v1${path}`, {
    method,
    headers: { Authorization: basicAuth(sessionToken), 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('accounts on the service', () => {
  let t: TestService;
  const dean = uniqueEmail('dean');
  before(async () => {
    t = await startTestService({
      trustedAuthProfiles: [PROFILE],
      connectedApps: [APP],
      userRoles: { [dean]: ['admin'] },
    });
  });
  after(() => t.close());

  it('PUT /users/me stores untrusted_metadata and name parts; wrong types get the spec wording', async () => {
    const s = await signIn(t);
    const data = await dataOf<{
      user_id: string;
      __user: { untrusted_metadata: unknown; name: { first_name: string } };
      emails: unknown[];
    }>(
      await call(t, 'PUT', '/users/me', s.sessionToken, {
        untrusted_metadata: { theme: 'dark' },
        name: { first_name: 'Ada' },
      }),
    );
    assert.equal(data.user_id, s.userId);
    assert.deepEqual(data.__user.untrusted_metadata, { theme: 'dark' });
    assert.equal(data.__user.name.first_name, 'Ada');
    assert.equal(data.emails.length, 1);
    await expectError(
      await call(t, 'PUT', '/users/me', s.sessionToken, { untrusted_metadata: 'x' }),
      400,
      'invalid_request',
      'untrusted_metadata must be an object',
    );
  });

  it(
    'DELETE /users/emails/{id} removes the user’s own address; another user’s or an unknown ' + 'one is not_found',
    async () => {
      const a = await signIn(t);
      const b = await signIn(t);
      const me = await dataOf<{ emails: { email_id: string }[] }>(
        await get(t, '/users/me', { sessionToken: a.sessionToken }),
      );
      const emailId = me.emails[0]!.email_id;
      await expectError(await call(t, 'DELETE', `/users/emails/${emailId}`, b.sessionToken), 404, 'not_found');
      const data = await dataOf<{ __user: { emails: unknown[] } }>(
        await call(t, 'DELETE', `/users/emails/${emailId}`, a.sessionToken),
      );
      assert.deepEqual(data.__user.emails, []);
      for (const kind of ['phone_numbers', 'totps', 'crypto_wallets', 'oauth', 'biometric_registrations']) {
        await expectError(await call(t, 'DELETE', `/users/${kind}/nope`, a.sessionToken), 404, 'not_found');
      }
      await expectError(
        await call(t, 'DELETE', '/users/webauthn_registrations/nope', a.sessionToken),
        404,
        'webauthn_registration_not_found',
        'The signed-in user has no WebAuthn registration with this id.',
      );
    },
  );

  it('a connected app’s access token exchanges for a session until the user revokes the app', async () => {
    const s = await signIn(t);
    const res = await t.service.app.request('/dev/connected-app-grants', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_id: s.userId, client_id: APP.client_id, scopes: 'openid email' }),
    });
    const { access_token } = (await res.json()) as { access_token: string };
    const list = await dataOf<{ connected_apps: unknown[] }>(
      await get(t, '/users/connected_apps', { sessionToken: s.sessionToken }),
    );
    assert.deepEqual(list.connected_apps, [
      {
        connected_app_id: APP.client_id,
        name: APP.name,
        description: APP.description,
        client_type: APP.client_type,
        scopes_granted: 'openid email',
      },
    ]);
    const exchanged = await dataOf<{
      user_id: string;
      session: { authentication_factors: { oauth_access_token_exchange_factor?: unknown }[] };
    }>(await post(t, '/sessions/exchange_access_token', { access_token, session_duration_minutes: 30 }));
    assert.equal(exchanged.user_id, s.userId);
    assert.deepEqual(exchanged.session.authentication_factors[0]?.oauth_access_token_exchange_factor, {
      client_id: APP.client_id,
    });
    await dataOf(
      await post(t, `/users/connected_apps/${APP.client_id}/revoke`, undefined, { sessionToken: s.sessionToken }),
    );
    await expectError(
      await post(t, '/sessions/exchange_access_token', { access_token, session_duration_minutes: 30 }),
      401,
      'access_token_not_found',
    );
    await expectError(
      await post(t, `/users/connected_apps/${APP.client_id}/revoke`, undefined, { sessionToken: s.sessionToken }),
      404,
      'connected_app_not_found',
    );
    await expectError(
      await post(t, '/sessions/exchange_access_token', { access_token: 1, session_duration_minutes: 30 }),
      400,
      'invalid_request',
      'access_token must be a string',
    );
    await expectError(
      await post(t, '/sessions/exchange_access_token', { access_token: 'x', session_duration_minutes: '30' }),
      400,
      'invalid_request',
      'session_duration_minutes must be a number',
    );
  });

  it('attest signs in the user a trusted token names; a bad signature, issuer or profile is refused', async () => {
    const email = uniqueEmail('attested');
    const exp = Math.floor(t.now() / 1000) + 60;
    const token = signTrustedToken(PROFILE, { iss: PROFILE.issuer, aud: PROFILE.audience, exp, email, jti: 'j1' });
    const data = await dataOf<{
      user: { emails: { email: string }[] };
      session: { authentication_factors: { delivery_method: string }[] };
    }>(await post(t, '/sessions/attest', { profile_id: PROFILE.profileId, token }));
    assert.equal(data.user.emails[0]?.email, email);
    assert.equal(data.session.authentication_factors[0]?.delivery_method, 'trusted_token_exchange');
    const forged = signTrustedToken(
      { ...PROFILE, secret: 'other' },
      { iss: PROFILE.issuer, aud: PROFILE.audience, exp, email },
    );
    await expectError(
      await post(t, '/sessions/attest', { profile_id: PROFILE.profileId, token: forged }),
      401,
      'invalid_trusted_auth_token',
      'The trusted auth token is not valid: the signature does not verify.',
    );
    const wrongIss = signTrustedToken(PROFILE, { iss: 'https://evil.example', aud: PROFILE.audience, exp, email });
    await expectError(
      await post(t, '/sessions/attest', { profile_id: PROFILE.profileId, token: wrongIss }),
      401,
      'invalid_trusted_auth_token',
    );
    await expectError(
      await post(t, '/sessions/attest', { profile_id: 'nope', token }),
      404,
      'trusted_auth_profile_not_found',
    );
    await expectError(
      await post(t, '/sessions/attest', { profile_id: 7, token }),
      400,
      'invalid_request',
      'profile_id must be a string',
    );
  });

  it('an impersonation token signs in its user once', async () => {
    const s = await signIn(t);
    const res = await t.service.app.request('/dev/impersonation-tokens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_id: s.userId, impersonator_id: 'support-agent-1' }),
    });
    const { impersonation_token } = (await res.json()) as { impersonation_token: string };
    const data = await dataOf<{
      user_id: string;
      session: { authentication_factors: { impersonated_factor?: unknown }[] };
    }>(await post(t, '/impersonation/authenticate', { impersonation_token }));
    assert.equal(data.user_id, s.userId);
    assert.deepEqual(data.session.authentication_factors[0]?.impersonated_factor, {
      impersonator_id: 'support-agent-1',
    });
    await expectError(
      await post(t, '/impersonation/authenticate', { impersonation_token }),
      401,
      'impersonation_token_not_found',
    );
    await expectError(
      await post(t, '/impersonation/authenticate', {}),
      400,
      'invalid_request',
      'impersonation_token is required.',
    );
  });

  it('users carry the roles the project config gives them, in user and session', async () => {
    const s = await signIn(t, dean);
    const me = await dataOf<{ roles: string[] }>(await get(t, '/users/me', { sessionToken: s.sessionToken }));
    assert.deepEqual(me.roles, ['admin']);
    const refreshed = await dataOf<{ session: { roles: string[] } }>(
      await post(t, '/sessions/authenticate', {}, { sessionToken: s.sessionToken }),
    );
    assert.deepEqual(refreshed.session.roles, ['admin']);
  });

  it('stores /events batches and shows them in the dev view', async () => {
    const item = {
      telemetry: { event_id: 'event-id-x' },
      event: { public_token: t.service.config.publicToken, event_name: 'render_login_screen', details: { n: 1 } },
    };
    const res = await t.service.app.request('/sdk/v1/events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([item]),
    });
    assert.equal(res.status, 200);
    const json = (await (await t.service.app.request('/dev/events.json')).json()) as {
      events: { name: string; details: unknown }[];
    };
    assert.equal(json.events[0]?.name, 'render_login_screen');
    assert.deepEqual(json.events[0]?.details, item);
    const page = await (await t.service.app.request('/dev/events')).text();
    assert.match(page, /<h1>Dev events<\/h1>/);
    assert.match(page, /render_login_screen/);
  });
});

describe('dev captcha on the service', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService({ devCaptcha: true });
  });
  after(() => t.close());

  it(
    'bootstrap announces captcha and DFP; a retriable call without the pass token gets the ' +
      'non-JSON Captcha required',
    async () => {
      const boot = await dataOf<{
        captcha_settings: unknown;
        dfp_protected_auth_enabled: boolean;
        dfp_protected_auth_mode: string;
      }>(await t.service.app.request(`/sdk/v1/projects/bootstrap/${t.service.config.publicToken}`));
      assert.deepEqual(boot.captcha_settings, {
        enabled: true,
        siteKey: DEV_CAPTCHA_SITE_KEY,
        scriptUrl: `${DEV_CAPTCHA_SCRIPT_PATH}?render=`,
      });
      assert.equal(boot.dfp_protected_auth_enabled, true);
      assert.equal(boot.dfp_protected_auth_mode, 'OBSERVATION');
      const email = uniqueEmail();
      const refused = await post(t, '/otps/email/login_or_create', { email });
      assert.equal(refused.status, 403);
      assert.match(refused.headers.get('content-type') ?? '', /^text\/plain/);
      assert.equal(await refused.text(), CAPTCHA_REQUIRED_TEXT);
      await dataOf(await post(t, '/otps/email/login_or_create', { email, captcha_token: DEV_CAPTCHA_PASS_TOKEN }));
      // Not retriable (wire contract 3.5): never gated.
      await dataOf(await post(t, '/otps/email/send/primary', { email }));
    },
  );
});

describe('account routes: malformed input gets a 4xx with an error_type, never a 500', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService({ trustedAuthProfiles: [PROFILE], connectedApps: [APP] });
  });
  after(() => t.close());

  it('NUL characters, wrong body shapes and malformed JSON', async () => {
    const s = await signIn(t);
    await expectError(
      await call(t, 'PUT', '/users/me', s.sessionToken, { untrusted_metadata: { a: 'x\u0000y' } }),
      400,
      'invalid_request',
      'untrusted_metadata must not contain NUL characters',
    );
    await expectError(
      await call(t, 'PUT', '/users/me', s.sessionToken, { name: 'Ada' }),
      400,
      'invalid_request',
      'name must be an object',
    );
    await expectError(
      await call(t, 'PUT', '/users/me', s.sessionToken, { name: { first_name: 1 } }),
      400,
      'invalid_request',
      'first_name must be a string',
    );
    await expectError(
      await call(t, 'DELETE', '/users/emails/a%00b', s.sessionToken),
      400,
      'invalid_request',
      'id must not contain NUL characters',
    );
    await expectError(
      await post(t, '/users/connected_apps/a%00b/revoke', undefined, { sessionToken: s.sessionToken }),
      400,
      'invalid_request',
    );
    for (const path of [
      '/totps',
      '/totps/authenticate',
      '/totps/recover',
      '/sessions/exchange_access_token',
      '/sessions/attest',
      '/impersonation/authenticate',
    ]) {
      await expectError(
        await post(t, path, [1, 2], { sessionToken: s.sessionToken }),
        400,
        'invalid_request',
        'The request body must be a JSON object.',
      );
      await expectError(
        await post(t, path, undefined, { sessionToken: s.sessionToken, raw: '{"a":' }),
        400,
        'invalid_json',
      );
    }
    await expectError(
      await post(t, '/sessions/attest', { profile_id: PROFILE.profileId, token: 'not.a.jwt' }),
      401,
      'invalid_trusted_auth_token',
    );
    await expectError(
      await post(t, '/sessions/attest', { profile_id: PROFILE.profileId, token: 'x' }),
      401,
      'invalid_trusted_auth_token',
      'The trusted auth token is not valid: not a compact JWT.',
    );
    await expectError(
      await post(
        t,
        '/totps/authenticate',
        { totp_code: '12ab56', session_duration_minutes: 30 },
        { sessionToken: s.sessionToken },
      ),
      400,
      'invalid_code',
    );
    await expectError(
      await post(
        t,
        '/totps/authenticate',
        { totp_code: '123456', session_duration_minutes: 30 },
        { sessionToken: s.sessionToken },
      ),
      404,
      'totp_not_found',
    );
  });
});
