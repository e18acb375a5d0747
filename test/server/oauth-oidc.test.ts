// The real-provider path: a local OpenID Connect provider (oidc-provider, with its built-in dev login and consent
// forms) stands in for Google. start → provider login → consent → our callback (code exchange with state, nonce and
// PKCE through openid-client) → oauth token → POST /oauth/authenticate.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import { Browser, location, startOidcStandIn, submitForm, type OidcStandIn } from './oidc-stand-in.ts';
import { dataOf, PAGE_ORIGIN, PORTAL_URL, post, startTestService, type TestService } from './support.ts';

const CLIENT_ID = 'westlight-test-client';
const CLIENT_SECRET = 'westlight-test-secret-that-is-long-enough-0123456789';
const SERVICE_ORIGIN = 'http://localhost';
const CALLBACK_URL = `${SERVICE_ORIGIN}/v1/public/oauth/google/callback`;
const HOME_URL = `${PAGE_ORIGIN}/`;

let t: TestService;
let standIn: OidcStandIn;
let issuer: string;

before(async () => {
  standIn = await startOidcStandIn(() => ({
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [CALLBACK_URL],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture', 'locale'] },
    // The dev login form accepts any login; the account's claims are derived from it.
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: `${id}@westlight.example`,
        email_verified: true,
        name: 'Katherine Johnson',
        locale: 'en-US',
        picture: 'https://example.org/k.png',
      }),
    }),
    cookies: { keys: ['test-only-cookie-key'] },
  }));
  issuer = standIn.issuer;
  t = await startTestService({
    oauthProviders: { google: { issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } },
  });
});

after(async () => {
  await t?.close();
  await standIn?.close();
});

/** Follows the provider's redirects, logging in and consenting, until it sends the browser back to our callback. */
async function throughProvider(browser: Browser, authorizationUrl: string, login: string): Promise<string> {
  let url = authorizationUrl;
  for (let step = 0; step < 12; step += 1) {
    if (url.startsWith(CALLBACK_URL)) return url;
    if (new URL(url).pathname.startsWith('/interaction/')) {
      const res = await submitForm(browser, url, { login, password: 'anything' });
      url = location(res, url);
      continue;
    }
    const res = await browser.providerRequest(url);
    url = location(res, url);
  }
  throw new Error('the provider never redirected back');
}

/** Starts a sign-in and returns the state the provider would hand back. */
async function startedState(): Promise<string> {
  const query = new URLSearchParams({ public_token: DEFAULT_PUBLIC_TOKEN, login_redirect_url: HOME_URL });
  const start = await t.service.app.request(`${SERVICE_ORIGIN}/v1/public/oauth/google/start?${query}`);
  return new URL(location(start, SERVICE_ORIGIN)).searchParams.get('state') ?? '';
}

describe('a real OpenID Connect provider', () => {
  it('signs in through discovery, login, consent and the code exchange', async () => {
    const query = new URLSearchParams({
      public_token: DEFAULT_PUBLIC_TOKEN,
      login_redirect_url: HOME_URL,
      signup_redirect_url: PORTAL_URL,
      provider_login_hint: 'kj',
    });
    const start = await t.service.app.request(`${SERVICE_ORIGIN}/v1/public/oauth/google/start?${query}`);
    assert.equal(start.status, 302, await start.clone().text());
    const authorizationUrl = new URL(location(start, SERVICE_ORIGIN));
    assert.equal(authorizationUrl.origin, issuer);
    assert.equal(authorizationUrl.searchParams.get('client_id'), CLIENT_ID);
    assert.equal(authorizationUrl.searchParams.get('redirect_uri'), CALLBACK_URL);
    assert.equal(authorizationUrl.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(authorizationUrl.searchParams.get('login_hint'), 'kj');
    assert.ok(authorizationUrl.searchParams.get('nonce'));

    const browser = new Browser();
    const callbackUrl = await throughProvider(browser, authorizationUrl.href, 'kjohnson');
    const callback = await t.service.app.request(callbackUrl);
    assert.equal(callback.status, 302, await callback.clone().text());
    const back = new URL(location(callback, SERVICE_ORIGIN));
    assert.equal(`${back.origin}${back.pathname}`, PORTAL_URL, 'a new user lands on the sign-up URL');
    assert.equal(back.searchParams.get('stytch_token_type'), 'oauth');

    const data = await dataOf<{
      provider_subject: string;
      provider_type: string;
      locale: string;
      profile_picture_url: string;
      provider_values: { access_token: string; id_token: string; scopes: string[]; expires_at: string };
      session: { authentication_factors: Record<string, unknown>[] };
      user: {
        emails: { email: string; email_id: string; verified: boolean }[];
        providers: { oauth_user_registration_id: string }[];
        name: { first_name: string };
      };
    }>(await post(t, '/oauth/authenticate', { token: back.searchParams.get('token'), session_duration_minutes: 60 }));
    assert.equal(data.provider_subject, 'kjohnson');
    assert.equal(data.provider_type, 'Google');
    assert.equal(data.locale, 'en-US');
    assert.equal(data.profile_picture_url, 'https://example.org/k.png');
    assert.ok(data.provider_values.access_token);
    assert.equal(data.provider_values.id_token.split('.').length, 3);
    assert.ok(data.provider_values.scopes.includes('openid'));
    assert.ok(!Number.isNaN(Date.parse(data.provider_values.expires_at)));
    assert.deepEqual(
      data.user.emails.map((e) => [e.email, e.verified]),
      [['kjohnson@westlight.example', true]],
    );
    assert.equal(data.user.name.first_name, 'Katherine');
    assert.deepEqual(data.session.authentication_factors[0]?.google_oauth_factor, {
      id: data.user.providers[0]?.oauth_user_registration_id,
      email_id: data.user.emails[0]?.email_id,
      provider_subject: 'kjohnson',
    });

    // The callback cannot be replayed.
    const replay = await t.service.app.request(callbackUrl);
    assert.equal(replay.status, 400);
    assert.match(await replay.text(), /oauth_state_not_found/);
  });

  it("refuses a callback whose code is not the provider's", async () => {
    const state = await startedState();
    const res = await t.service.app.request(
      `${CALLBACK_URL}?state=${encodeURIComponent(state)}&code=forged&iss=${encodeURIComponent(issuer)}`,
    );
    assert.equal(res.status, 400);
    assert.match(await res.text(), /oauth_flow_callback_error/);
  });

  it('sends a visitor who declined back to the login URL without a token', async () => {
    const state = await startedState();
    const res = await t.service.app.request(`${CALLBACK_URL}?state=${encodeURIComponent(state)}&error=access_denied`);
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('Location'), HOME_URL);
  });
});
