// OpenID Connect connections of organizations: a local OpenID provider (oidc-provider, its dev login and consent
// forms) stands in for an organization's IdP. start → IdP login → consent → our callback (state used once; code
// exchange with PKCE and nonce through openid-client) → sso token → POST /b2b/sso/authenticate. Then the IdP's
// refusals, the client secret sealed at rest, and the development OIDC stand-in (Prism Events) through a listening
// service, whose code exchange is real HTTP to its own origin.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { MemberSsoFactor } from '../../src/api/organizations.ts';
import { DEV_OIDC_SSO_CONNECTION_ID, DEV_OIDC_SSO_ISSUER_PATH } from '../../src/server/dev/constants.ts';
import { startServer, type RunningServer } from '../../src/server/listen.ts';
import { Browser, location, startOidcStandIn, throughProvider, type OidcStandIn } from './oidc-stand-in.ts';
import { makeOrganization, uniqueDomain } from './organizations-support.ts';
import {
  acsUrl,
  expectErrorPage,
  ssoAuthenticated,
  ssoStart,
  ssoTokenOf,
  uniqueConnectionId,
  writeConnection,
} from './sso-support.ts';
import { PAGE_ORIGIN, PORTAL_URL, startTestService, type TestService } from './support.ts';
import { freshDatabase, type TestDatabase } from './test-database.ts';

const CLIENT_ID = 'acme-sso-client';
const CLIENT_SECRET = 'acme-sso-secret-that-is-long-enough-0123456789';
const CONNECTION_ID = uniqueConnectionId('oidc');
const CALLBACK_URL = acsUrl(CONNECTION_ID);
const HOME_URL = `${PAGE_ORIGIN}/`;

let t: TestService;
let idp: OidcStandIn;
let domain: string;

before(async () => {
  domain = uniqueDomain('oidc');
  idp = await startOidcStandIn(() => ({
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [CALLBACK_URL],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The dev login form accepts any login: `unverified-…` has an address the IdP has not verified, `nomail-…` none.
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        ...(id.startsWith('nomail') ? {} : { email: `${id}@${domain}`, email_verified: !id.startsWith('unverified') }),
        name: 'Katherine Johnson',
      }),
    }),
    cookies: { keys: ['test-only-cookie-key'] },
  }));
  t = await startTestService();
  const organization = await makeOrganization(t, { domain });
  await writeConnection(t, {
    connection_id: CONNECTION_ID,
    organization_slug: organization.slug,
    display_name: 'Acme Okta',
    identity_provider: 'okta',
    issuer: idp.issuer,
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    custom_scopes: 'offline_access',
  });
});

after(async () => {
  await t?.close();
  await idp?.close();
});

/** Starts a sign-in and follows the IdP as `login` back to our callback: the callback URL with code and state. */
async function signInAtIdp(login: string, params: Record<string, string> = {}): Promise<string> {
  const start = await ssoStart(t, { connection_id: CONNECTION_ID, signup_redirect_url: PORTAL_URL, ...params });
  assert.equal(start.status, 302, await start.clone().text());
  return throughProvider(new Browser(), location(start, CALLBACK_URL), login, CALLBACK_URL);
}

describe('an OIDC connection', () => {
  it('signs a member in through discovery, login, consent and the code exchange', async () => {
    const start = await ssoStart(t, { connection_id: CONNECTION_ID, provider_login_hint: 'kj' });
    const authorization = new URL(location(start, CALLBACK_URL));
    assert.equal(authorization.origin, idp.issuer);
    assert.equal(authorization.searchParams.get('client_id'), CLIENT_ID);
    assert.equal(authorization.searchParams.get('redirect_uri'), CALLBACK_URL);
    assert.equal(authorization.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(authorization.searchParams.get('scope'), 'openid email profile offline_access');
    assert.equal(authorization.searchParams.get('login_hint'), 'kj');
    assert.ok(authorization.searchParams.get('nonce') && authorization.searchParams.get('state'));

    const callbackUrl = await signInAtIdp('kjohnson');
    const token = ssoTokenOf(await t.service.app.request(callbackUrl));
    const data = await ssoAuthenticated(t, { sso_token: token });
    assert.equal(data.member_authenticated, true);
    assert.equal(data.member.email_address, `kjohnson@${domain}`);
    assert.equal(data.member.name, 'Katherine Johnson');
    const factor = data.member_session?.authentication_factors[0] as MemberSsoFactor;
    assert.equal(factor.delivery_method, 'sso_oidc');
    assert.equal(factor.oidc_sso_factor?.provider_id, CONNECTION_ID);
    assert.equal(factor.oidc_sso_factor?.external_id, 'kjohnson');

    // The callback cannot be replayed: its state is used up.
    await expectErrorPage(await t.service.app.request(callbackUrl), 400, 'unsolicited_oidc_response');
  });

  it('refuses an address the IdP says is unverified, and an answer without one', async () => {
    await expectErrorPage(
      await t.service.app.request(await signInAtIdp('unverified-ann')),
      400,
      'oidc_response_unverified_email',
    );
    await expectErrorPage(
      await t.service.app.request(await signInAtIdp('nomail-bob')),
      400,
      'oidc_response_email_missing',
    );
  });

  it("refuses a code that is not the IdP's, and a state that is not ours", async () => {
    const start = await ssoStart(t, { connection_id: CONNECTION_ID });
    const state = new URL(location(start, CALLBACK_URL)).searchParams.get('state') ?? '';
    const forged = await t.service.app.request(`${CALLBACK_URL}?state=${encodeURIComponent(state)}&code=forged`);
    await expectErrorPage(forged, 400, 'oidc_auth_code_error');
    await expectErrorPage(
      await t.service.app.request(`${CALLBACK_URL}?state=made-up&code=x`),
      400,
      'unsolicited_oidc_response',
    );
    await expectErrorPage(await t.service.app.request(`${CALLBACK_URL}?code=x`), 400, 'unsolicited_oidc_response');
  });

  it('sends a visitor who declined at the IdP back to the login URL without a token', async () => {
    const start = await ssoStart(t, { connection_id: CONNECTION_ID, login_redirect_url: HOME_URL });
    const state = new URL(location(start, CALLBACK_URL)).searchParams.get('state') ?? '';
    const res = await t.service.app.request(`${CALLBACK_URL}?state=${encodeURIComponent(state)}&error=access_denied`);
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('Location'), HOME_URL);
  });

  it('keeps the client secret sealed at rest', async () => {
    const [row] = await t.service.db.query<{ client_secret: string }>(
      'select client_secret from sso_connections where id = $1',
      [CONNECTION_ID],
    );
    assert.match(row?.client_secret ?? '', /^v1:[0-9a-f]+:/);
    assert.ok(!row?.client_secret.includes(CLIENT_SECRET));
  });
});

describe('the dev OIDC stand-in (Prism Events), through a listening service', () => {
  let database: TestDatabase;
  let server: RunningServer;

  before(async () => {
    database = await freshDatabase();
    server = await startServer({ port: 0, database: database.options, redirectUrls: [PORTAL_URL] });
  });
  after(async () => {
    await server?.close();
    await database?.drop();
  });

  it('signs in at its page; the service exchanges the code at its own origin', async () => {
    const base = server.url;
    const manual = (url: string, init: RequestInit = {}) => fetch(new URL(url, base), { ...init, redirect: 'manual' });
    const query = new URLSearchParams({
      public_token: server.service.config.b2bPublicToken,
      connection_id: DEV_OIDC_SSO_CONNECTION_ID,
      login_redirect_url: PORTAL_URL,
    });
    const start = await manual(`/v1/public/sso/start?${query}`, { headers: { Accept: 'text/html' } });
    assert.equal(start.status, 302, await start.clone().text());
    const authorize = new URL(location(start, base));
    assert.equal(authorize.pathname, `${DEV_OIDC_SSO_ISSUER_PATH}/authorize`);
    const page = await (await manual(authorize.href)).text();
    assert.match(page, /Sign in to Prism Events/);

    const email = `lin.${Date.now()}@prismevents.localhost`;
    const form = new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), email, name: 'Lin Chen' });
    const signedIn = await manual(authorize.pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const callback = location(signedIn, base);
    assert.ok(callback.startsWith(acsUrl(DEV_OIDC_SSO_CONNECTION_ID, new URL(base).origin)));
    const back = await manual(callback);
    const token = ssoTokenOf(back);
    const data = await ssoAuthenticated({ ...t, service: server.service }, { sso_token: token });
    assert.equal(data.organization.organization_slug, 'prism-events');
    assert.equal(data.member.email_address, email);
    assert.equal(data.member.name, 'Lin Chen');
    assert.equal(data.member_authenticated, true);
  });
});
