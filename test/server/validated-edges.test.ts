// Every /sdk/v1 route that takes a body validates it at the edge (routes/*.schemas.ts) and answers a bad field with
// the same 400 body the services' field readers gave: the same error_type, the same words in each language, and, when
// several fields are bad, the first one in the order the service reads them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ERROR_URL_BASE } from '../../src/api/envelope.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import { CALLBACK, AFTER_LOGOUT, CONNECTED_APPS } from './idp-fixtures.ts';
import { MFA_PATHS } from '../../src/api/mfa.ts';
import { B2B_PATHS } from '../../src/api/organizations.ts';
import { SSO_PATHS } from '../../src/api/sso.ts';
import { AURORA_THEATRE } from '../../src/server/dev/organization-seeds.ts';
import { b2bAuth, signInToOrganization } from './organizations-support.ts';
import { basicAuth, expectError, PAGE_ORIGIN, signIn, startTestService, type TestService } from './support.ts';

const AURORA_DOMAIN = AURORA_THEATRE.email_allowed_domains[0];

let t: TestService;
let sessionToken: string;
let memberSessionToken: string;
before(async () => {
  t = await startTestService({ connectedApps: CONNECTED_APPS });
  sessionToken = (await signIn(t)).sessionToken;
  memberSessionToken = (await signInToOrganization(t, `edge@${AURORA_DOMAIN}`, AURORA_THEATRE.id)).session_token;
});
after(() => t.close());

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

interface Case {
  method?: 'POST' | 'PUT';
  /** The route as registered (`:id` for a path parameter). */
  route: string;
  /** The path to call, when it differs from the route. */
  path?: string;
  session?: boolean;
  /** An organization (B2B) route: the B2B public token, and with `session` a member session. */
  b2b?: boolean;
  /** Sends the page's Origin header (WebAuthn start calls check it before the body). */
  origin?: boolean;
  /** A body whose fields before the bad one are fine, and with more bad fields after it. */
  body: unknown;
  message: string;
}

const CASES: Case[] = [
  {
    route: '/magic_links/email/login_or_create',
    body: { email: 'ada@example.com', login_template_id: 5, locale: 7 },
    message: 'login_template_id must be a string',
  },
  {
    route: '/magic_links/email/send/primary',
    body: { email: 'ada@example.com', create_user_as_pending: 'yes', locale: 5 },
    message: 'create_user_as_pending must be a boolean',
  },
  {
    route: '/magic_links/email/send/secondary',
    session: true,
    body: { email: null, captcha_token: 5 },
    message: 'email is required.',
  },
  {
    route: '/magic_links/authenticate',
    body: { token: 'x', session_duration_minutes: '5', code_verifier: 5 },
    message: 'session_duration_minutes must be a number',
  },
  ...(['sms', 'whatsapp'] as const).flatMap((method): Case[] => [
    {
      route: `/otps/${method}/login_or_create`,
      body: { captcha_token: 'x', enable_autofill: 'yes', phone_number: 5 },
      message: 'enable_autofill must be a boolean',
    },
    {
      route: `/otps/${method}/send/primary`,
      body: { phone_number: '+14155552671', expiration_minutes: '5', locale: 1 },
      message: 'expiration_minutes must be a number',
    },
    {
      route: `/otps/${method}/send/secondary`,
      session: true,
      body: { autofill_session_duration_minutes: 'x', phone_number: 5 },
      message: 'autofill_session_duration_minutes must be a number',
    },
  ]),
  {
    route: '/otps/email/login_or_create',
    body: { dfp_telemetry_id: 5, email: 5 },
    message: 'dfp_telemetry_id must be a string',
  },
  {
    route: '/otps/email/send/primary',
    body: { signup_template_id: {}, email: 5 },
    message: 'signup_template_id must be a string',
  },
  {
    route: '/otps/email/send/secondary',
    session: true,
    body: { captcha_token: 5, email: 5 },
    message: 'captcha_token must be a string',
  },
  {
    route: '/otps/authenticate',
    body: { token: '123456', method_id: 5, session_duration_minutes: 'x' },
    message: 'method_id must be a string',
  },
  {
    route: '/sessions/authenticate',
    session: true,
    body: { session_duration_minutes: 'long' },
    message: 'session_duration_minutes must be a number',
  },
  { route: '/sessions/revoke', session: true, body: [], message: 'The request body must be a JSON object.' },
  {
    method: 'PUT',
    route: '/users/me',
    session: true,
    body: { name: 'Ada', untrusted_metadata: 5 },
    message: 'name must be an object',
  },
  {
    route: '/users/connected_apps/:id/revoke',
    path: '/users/connected_apps/westlight-library/revoke',
    session: true,
    body: 'text',
    message: 'The request body must be a JSON object.',
  },
  {
    route: '/sessions/exchange_access_token',
    body: { access_token: 5, session_duration_minutes: 'x' },
    message: 'access_token must be a string',
  },
  {
    route: '/sessions/attest',
    body: { profile_id: 'p', token: 't', session_duration_minutes: '5', session_token: 5 },
    message: 'session_duration_minutes must be a number',
  },
  {
    route: '/impersonation/authenticate',
    body: { impersonation_token: 'x', captcha_token: false, dfp_telemetry_id: 5 },
    message: 'captcha_token must be a string',
  },
  {
    route: '/totps',
    session: true,
    body: { expiration_minutes: 'ten' },
    message: 'expiration_minutes must be a number',
  },
  {
    route: '/totps/authenticate',
    body: { totp_code: '123456', dfp_telemetry_id: 5, session_duration_minutes: 'x' },
    message: 'dfp_telemetry_id must be a string',
  },
  { route: '/totps/recovery_codes', session: true, body: 7, message: 'The request body must be a JSON object.' },
  { route: '/totps/recover', body: { recovery_code: 5, captcha_token: 5 }, message: 'recovery_code must be a string' },
  {
    route: '/users/search',
    body: { email: 'ada@example.com', captcha_token: 'x', dfp_telemetry_id: {} },
    message: 'dfp_telemetry_id must be a string',
  },
  {
    route: '/passwords',
    body: { email: 'ada@example.com', password: 123, session_duration_minutes: 'x' },
    message: 'password must be a string',
  },
  {
    route: '/passwords/authenticate',
    body: { email: 'ada@example.com', password: 'pw', session_duration_minutes: '60', captcha_token: 5 },
    message: 'session_duration_minutes must be a number',
  },
  {
    route: '/passwords/strength_check',
    body: { password: 'pw', email: 5 },
    message: 'email must be a string',
  },
  {
    route: '/passwords/email/reset/start',
    body: { email: 'ada@example.com', locale: 5, login_redirect_url: 5 },
    message: 'locale must be a string',
  },
  {
    route: '/passwords/email/reset',
    body: { token: 'x', password: 'pw', session_duration_minutes: 60, code_verifier: 5, captcha_token: 5 },
    message: 'code_verifier must be a string',
  },
  {
    route: '/passwords/existing_password/reset',
    body: { email: 'ada@example.com', existing_password: 'pw', new_password: ['x'], session_duration_minutes: 'x' },
    message: 'new_password must be a string',
  },
  {
    route: '/passwords/session/reset',
    session: true,
    body: { password: 'pw', session_duration_minutes: true, captcha_token: 5 },
    message: 'session_duration_minutes must be a number',
  },
  {
    route: '/oauth/authenticate',
    body: { token: 5, session_duration_minutes: 'x' },
    message: 'token must be a string',
  },
  {
    route: '/webauthn/register/start',
    session: true,
    origin: true,
    body: { domain: 'localhost', user_agent: 5, authenticator_type: 5 },
    message: 'user_agent must be a string',
  },
  {
    route: '/webauthn/register',
    session: true,
    body: { public_key_credential: 5, session_duration_minutes: 'x' },
    message: 'public_key_credential must be a string',
  },
  {
    route: '/webauthn/authenticate/start/primary',
    origin: true,
    body: { domain: 'localhost', return_passkey_credential_options: 'yes' },
    message: 'return_passkey_credential_options must be a boolean',
  },
  {
    route: '/webauthn/authenticate/start/secondary',
    session: true,
    origin: true,
    body: { domain: 5, return_passkey_credential_options: 'yes' },
    message: 'domain must be a string',
  },
  {
    route: '/webauthn/authenticate',
    body: { public_key_credential: null, session_duration_minutes: 'x' },
    message: 'public_key_credential is required.',
  },
  {
    method: 'PUT',
    route: '/webauthn/update/:id',
    path: '/webauthn/update/webauthn-registration-test-0',
    session: true,
    body: { name: 5 },
    message: 'name must be a string',
  },
  {
    route: '/crypto_wallets/authenticate/start/primary',
    body: { crypto_wallet_type: 'ethereum', crypto_wallet_address: 5, siwe_params: 5 },
    message: 'crypto_wallet_address must be a string',
  },
  {
    route: '/crypto_wallets/authenticate/start/secondary',
    session: true,
    body: { crypto_wallet_type: 'ethereum', crypto_wallet_address: ETH_ADDRESS, siwe_params: 'x', captcha_token: 5 },
    message: 'siwe_params must be an object',
  },
  {
    route: '/crypto_wallets/authenticate',
    body: { crypto_wallet_type: 5, crypto_wallet_address: 5 },
    message: 'crypto_wallet_type must be a string',
  },
  {
    route: '/idp/oauth/authorize/start',
    session: true,
    body: { client_id: 5, redirect_uri: 5 },
    message: 'client_id must be a string',
  },
  {
    route: '/idp/oauth/authorize/submit',
    session: true,
    body: {
      client_id: 'westlight-library',
      redirect_uri: CALLBACK,
      response_type: 'code',
      scopes: ['openid'],
      state: 5,
      consent_granted: 'yes',
    },
    message: 'state must be a string',
  },
  {
    route: '/oauth/logout/start',
    body: { client_id: 'westlight-library', post_logout_redirect_uri: AFTER_LOGOUT, state: 5, id_token_hint: 5 },
    message: 'state must be a string',
  },
  {
    route: '/events',
    body: [{ event: { event_name: 5, public_token: 'x' } }],
    message: 'Every item must be {telemetry, event: {public_token, event_name, details}}.',
  },
  // Organizations (B2B): discovery, the organization's email link, the lookups and the member session.
  {
    b2b: true,
    route: B2B_PATHS.magicLinksEmailDiscoverySend,
    body: { email_address: 'ada@example.com', discovery_redirect_url: 5, locale: 5 },
    message: 'discovery_redirect_url must be a string',
  },
  {
    b2b: true,
    route: B2B_PATHS.magicLinksDiscoveryAuthenticate,
    body: { discovery_magic_links_token: 'x', pkce_code_verifier: 5 },
    message: 'pkce_code_verifier must be a string',
  },
  {
    b2b: true,
    route: B2B_PATHS.otpsEmailDiscoverySend,
    body: { email_address: 'ada@example.com', login_template_id: 5 },
    message: 'login_template_id must be a string',
  },
  {
    b2b: true,
    route: B2B_PATHS.otpsEmailDiscoveryAuthenticate,
    body: { code: 123456, email_address: 5 },
    message: 'code must be a string',
  },
  {
    b2b: true,
    route: B2B_PATHS.discoveryOrganizations,
    body: { intermediate_session_token: 5 },
    message: 'intermediate_session_token must be a string',
  },
  {
    b2b: true,
    route: B2B_PATHS.discoveryIntermediateSessionsExchange,
    body: { intermediate_session_token: 'x', organization_id: 5, session_duration_minutes: 'long' },
    message: 'organization_id must be a string',
  },
  {
    b2b: true,
    route: B2B_PATHS.discoveryOrganizationsCreate,
    body: { intermediate_session_token: 'x', session_duration_minutes: 30, organization_name: 5 },
    message: 'organization_name must be a string',
  },
  {
    b2b: true,
    route: B2B_PATHS.magicLinksEmailLoginOrSignup,
    body: { organization_id: 'o', email_address: 'ada@example.com', login_redirect_url: 5 },
    message: 'login_redirect_url must be a string',
  },
  {
    b2b: true,
    route: B2B_PATHS.magicLinksAuthenticate,
    body: { magic_links_token: 'x', pkce_code_verifier: 5, session_duration_minutes: 30 },
    message: 'pkce_code_verifier must be a string',
  },
  {
    b2b: true,
    route: B2B_PATHS.organizationsSearch,
    body: { organization_slug: 5 },
    message: 'organization_slug must be a string',
  },
  {
    b2b: true,
    route: B2B_PATHS.membersSearch,
    body: { email_address: 'ada@example.com', organization_id: 5 },
    message: 'organization_id must be a string',
  },
  {
    b2b: true,
    route: B2B_PATHS.sessionsAuthenticate,
    session: true,
    body: { session_duration_minutes: 'long' },
    message: 'session_duration_minutes must be a number',
  },
  {
    b2b: true,
    route: B2B_PATHS.sessionsRevoke,
    session: true,
    body: [],
    message: 'The request body must be a JSON object.',
  },
  // Organizations: members' second factors.
  {
    b2b: true,
    route: MFA_PATHS.totp,
    body: { organization_id: 'o', member_id: 5, intermediate_session_token: 5 },
    message: 'member_id must be a string',
  },
  {
    b2b: true,
    route: MFA_PATHS.totpAuthenticate,
    body: { organization_id: 'o', member_id: 'm', code: 5, session_duration_minutes: 'x' },
    message: 'code must be a string',
  },
  {
    b2b: true,
    route: MFA_PATHS.smsSend,
    body: { organization_id: 'o', member_id: 'm', mfa_phone_number: 5, locale: 5 },
    message: 'mfa_phone_number must be a string',
  },
  {
    b2b: true,
    route: MFA_PATHS.smsAuthenticate,
    body: {
      organization_id: 'o',
      member_id: 'm',
      code: '123456',
      session_duration_minutes: '30',
      set_mfa_enrollment: 5,
    },
    message: 'session_duration_minutes must be a number',
  },
  {
    b2b: true,
    route: SSO_PATHS.authenticate,
    body: { pkce_code_verifier: 'v'.repeat(43), sso_token: 5 },
    message: 'sso_token must be a string',
  },
  {
    b2b: true,
    route: MFA_PATHS.recoveryCodesRecover,
    body: { organization_id: 'o', member_id: 'm', recovery_code: 5 },
    message: 'recovery_code must be a string',
  },
  {
    b2b: true,
    route: MFA_PATHS.recoveryCodesRotate,
    session: true,
    body: { captcha_token: 5, dfp_telemetry_id: 5 },
    message: 'captcha_token must be a string',
  },
];

async function call(c: Case, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return t.service.app.request(`${SDK_BASE_PATH}${c.path ?? c.route}`, {
    method: c.method ?? 'POST',
    headers: {
      Authorization: c.b2b
        ? b2bAuth(c.session ? memberSessionToken : undefined)
        : basicAuth(c.session ? sessionToken : undefined),
      'Content-Type': 'application/json',
      ...(c.origin ? { Origin: PAGE_ORIGIN } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

describe('a wrong-typed field gets the 400 body the field readers gave', () => {
  for (const c of CASES) {
    it(`${c.method ?? 'POST'} ${c.route}: ${c.message}`, async () => {
      const body = await expectError(await call(c, c.body), 400, 'invalid_request', c.message);
      assert.deepEqual(Object.keys(body).sort(), [
        'error_message',
        'error_type',
        'error_url',
        'request_id',
        'status_code',
      ]);
      assert.equal(body.error_url, `${ERROR_URL_BASE}invalid_request`);
    });
  }

  it('every /sdk/v1 route that takes a body has a case here', () => {
    const routes = new Set<string>();
    for (const { method, path } of t.service.app.routes) {
      if ((method === 'POST' || method === 'PUT') && path.startsWith(`${SDK_BASE_PATH}/`)) {
        routes.add(`${method} ${path.slice(SDK_BASE_PATH.length)}`);
      }
    }
    assert.deepEqual(new Set(CASES.map((c) => `${c.method ?? 'POST'} ${c.route}`)), routes);
  });
});

describe('the field rules the readers had', () => {
  const magicLink: Case = { route: '/magic_links/email/login_or_create', body: {}, message: '' };

  it('null counts as absent for an optional field, and is "required" for a required one', async () => {
    const res = await call(magicLink, { email: 'ada@example.com', login_template_id: null, locale: null, x: 1 });
    assert.notEqual(res.status, 400, await res.clone().text());
    await expectError(await call(magicLink, { email: null }), 400, 'invalid_request', 'email is required.');
    await expectError(await call(magicLink, {}), 400, 'invalid_request', 'email is required.');
  });

  it('NUL in a string is refused, naming the field', async () => {
    const res = await call(magicLink, { email: 'ada@example.com', signup_magic_link_url: 'a\u0000b' });
    await expectError(res, 400, 'invalid_request', 'signup_magic_link_url must not contain NUL characters');
  });

  it('a number too large to be finite (1e400 parses to Infinity) is not a number', async () => {
    const res = await t.service.app.request(`${SDK_BASE_PATH}/magic_links/authenticate`, {
      method: 'POST',
      headers: { Authorization: basicAuth(), 'Content-Type': 'application/json' },
      body: '{"token": "x", "session_duration_minutes": 1e400}',
    });
    await expectError(res, 400, 'invalid_request', 'session_duration_minutes must be a number');
  });

  it('a check between two fields still comes before the later field (the address before captcha_token)', async () => {
    const search: Case = { route: '/users/search', body: {}, message: '' };
    await expectError(await call(search, { email: 'not-an-email', captcha_token: 5 }), 400, 'invalid_email');
    await expectError(
      await call(search, { email: 'ada@example.com', captcha_token: 5 }),
      400,
      'invalid_request',
      'captcha_token must be a string',
    );
  });

  it('the request checks that came before the fields still do (the page origin of a WebAuthn start)', async () => {
    const start: Case = { route: '/webauthn/authenticate/start/primary', body: {}, message: '' };
    const missing = 'WebAuthn calls must come from a web page: the Origin header is missing.';
    await expectError(await call(start, { domain: 5 }), 400, 'invalid_request', missing);
    const elsewhere = await call(start, { domain: 5 }, { Origin: 'http://elsewhere.example' });
    await expectError(elsewhere, 403, 'origin_not_allowed');
  });

  it('in Spanish and French, in the catalogue’s words', async () => {
    const c: Case = { route: '/passwords/strength_check', body: {}, message: '' };
    const es = await call(c, { password: 5 }, { 'Accept-Language': 'es' });
    await expectError(es, 400, 'invalid_request', 'password debe ser una cadena');
    const fr = await call(c, {}, { 'Accept-Language': 'fr' });
    await expectError(fr, 400, 'invalid_request', 'password est obligatoire.');
  });
});
