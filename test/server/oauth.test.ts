// Social sign-in through the dev identity provider, POST /oauth/authenticate, factor deletion, and Google One Tap
// with the dev stand-in (the real-provider path is oauth-oidc.test.ts).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import { OAUTH_STATE_LIFETIME_MS, OAUTH_TOKEN_LIFETIME_MS } from '../../src/server/constants/social.ts';
import { DEV_ONE_TAP_CLIENT_ID } from '../../src/server/dev/constants.ts';
import {
  dataOf,
  expectError,
  get,
  PAGE_ORIGIN,
  pkcePair,
  PORTAL_URL,
  post,
  startTestService,
  uniqueEmail,
  type TestService,
} from './support.ts';

const HOME_URL = `${PAGE_ORIGIN}/`;

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

function startUrl(provider: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    public_token: DEFAULT_PUBLIC_TOKEN,
    login_redirect_url: HOME_URL,
    signup_redirect_url: PORTAL_URL,
    ...params,
  });
  return `/v1/public/oauth/${provider}/start?${query}`;
}

/** Starts and answers the dev identity provider's state. */
async function startDev(provider = 'google', params: Record<string, string> = {}): Promise<string> {
  const res = await t.service.app.request(startUrl(provider, params));
  assert.equal(res.status, 302, await res.clone().text());
  const location = new URL(res.headers.get('Location') ?? '', 'http://localhost');
  assert.equal(location.pathname, '/dev/oauth/authorize');
  const state = location.searchParams.get('state');
  assert.ok(state);
  return state;
}

async function devSubmit(fields: Record<string, string>): Promise<Response> {
  return t.service.app.request('/dev/oauth/authorize', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A whole dev sign-in: the URL the visitor is sent back to. */
async function devSignIn(email: string, provider = 'google', params: Record<string, string> = {}): Promise<URL> {
  const state = await startDev(provider, params);
  const res = await devSubmit({ state, email, name: 'Grace Hopper' });
  assert.equal(res.status, 302, await res.clone().text());
  return new URL(res.headers.get('Location') ?? '');
}

function authenticate(body: Record<string, unknown>) {
  return post(t, '/oauth/authenticate', { session_duration_minutes: 30, ...body });
}

describe('start', () => {
  it('redirects to the dev identity provider without credentials', async () => {
    await startDev('github');
  });

  it(
    'refuses an unknown provider, a wrong public token, a foreign redirect URL and a malformed ' + 'challenge',
    async () => {
      await expectError(await t.service.app.request(startUrl('myspace')), 400, 'oauth_invalid_provider');
      await expectError(
        await t.service.app.request(startUrl('google', { public_token: 'public-token-test-nope' })),
        401,
        'invalid_public_token',
      );
      await expectError(
        await t.service.app.request(startUrl('google', { login_redirect_url: 'https://evil.example/' })),
        400,
        'invalid_redirect_url',
      );
      await expectError(
        await t.service.app.request(startUrl('google', { signup_redirect_url: '/student-portal' })),
        400,
        'invalid_redirect_url',
      );
      await expectError(
        await t.service.app.request(startUrl('google', { code_challenge: 'short' })),
        400,
        'invalid_request',
      );
      await expectError(
        await t.service.app.request(startUrl('google', { custom_scopes: 'a "b' })),
        400,
        'invalid_request',
      );
      await expectError(
        await t.service.app.request(startUrl('google', { provider_state: 'x' })),
        400,
        'invalid_request',
      );
      const missing = `/v1/public/oauth/google/start?login_redirect_url=${encodeURIComponent(HOME_URL)}`;
      await expectError(await t.service.app.request(missing), 401, 'invalid_public_token');
    },
  );

  it('shows a page to a browser that navigates with a bad request', async () => {
    const res = await t.service.app.request(startUrl('myspace'), { headers: { Accept: 'text/html' } });
    assert.equal(res.status, 400);
    assert.match(await res.text(), /<code id="error-type">oauth_invalid_provider<\/code>/);
  });

  it('requires a code_challenge when the project requires PKCE for OAuth, and says so in the bootstrap', async () => {
    const strict = await startTestService({ pkceRequiredForOAuth: true });
    try {
      await expectError(await strict.service.app.request(startUrl('google')), 400, 'invalid_request');
      const ok = await strict.service.app.request(startUrl('google', { code_challenge: pkcePair().challenge }));
      assert.equal(ok.status, 302);
      const boot = await dataOf<{ pkce_required_for_oauth: boolean }>(
        await get(strict, `/projects/bootstrap/${DEFAULT_PUBLIC_TOKEN}`),
      );
      assert.equal(boot.pkce_required_for_oauth, true);
    } finally {
      await strict.close();
    }
  });

  it('answers oauth_config_not_found without credentials and without the dev identity provider', async () => {
    const bare = await startTestService({ devIdentityProvider: false });
    try {
      await expectError(await bare.service.app.request(startUrl('google')), 404, 'oauth_config_not_found');
      assert.equal((await bare.service.app.request('/dev/oauth/authorize?state=x')).status, 404);
    } finally {
      await bare.close();
    }
  });
});

describe('dev identity provider', () => {
  it('renders an accessible sign-in page for the state', async () => {
    const state = await startDev('github');
    const res = await t.service.app.request(`/dev/oauth/authorize?state=${encodeURIComponent(state)}`);
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /Sign in with GitHub \(dev identity provider\)/);
    assert.match(html, /<label for="dev-idp-name">Name<\/label>/);
    assert.match(html, /<label for="dev-idp-email">Email<\/label>/);
    assert.match(html, /id="dev-idp-sign-in"/);
    assert.match(html, /id="dev-idp-cancel"/);
  });

  it('sends a new user to the sign-up URL and a returning one to the login URL, each with an oauth token', async () => {
    const email = uniqueEmail('social');
    const first = await devSignIn(email);
    assert.equal(`${first.origin}${first.pathname}`, PORTAL_URL);
    assert.equal(first.searchParams.get('stytch_token_type'), 'oauth');
    assert.match(first.searchParams.get('token') ?? '', /^[A-Za-z0-9_-]{43}$/);
    const second = await devSignIn(email);
    assert.equal(`${second.origin}${second.pathname}`, HOME_URL);
    // The identity is offered again on the next sign-in page.
    const state = await startDev();
    const page = await (await t.service.app.request(`/dev/oauth/authorize?state=${encodeURIComponent(state)}`)).text();
    assert.ok(page.includes(`data-email="${email}"`));
  });

  it('links to the existing user who owns the (verified) address', async () => {
    const email = uniqueEmail('linked');
    const sent = await dataOf<{ user_id: string }>(
      await post(t, '/magic_links/email/login_or_create', {
        email,
        login_magic_link_url: PORTAL_URL,
        signup_magic_link_url: PORTAL_URL,
      }),
    );
    const back = await devSignIn(email, 'microsoft');
    assert.equal(`${back.origin}${back.pathname}`, HOME_URL, 'an existing user goes to the login URL');
    const data = await dataOf<{ user_id: string }>(await authenticate({ token: back.searchParams.get('token') }));
    assert.equal(data.user_id, sent.user_id);
  });

  it('cancel goes back to the login URL without a token and uses the state up', async () => {
    const state = await startDev();
    const res = await devSubmit({ state, action: 'cancel' });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('Location'), HOME_URL);
    const again = await devSubmit({ state, email: uniqueEmail() });
    assert.equal(again.status, 400);
    assert.match(await again.text(), /oauth_state_not_found/);
  });

  it('rejects an unknown or reused state with an error page', async () => {
    const unknown = await t.service.app.request('/dev/oauth/authorize?state=nope');
    assert.equal(unknown.status, 400);
    assert.match(await unknown.text(), /oauth_state_not_found/);
    const state = await startDev();
    assert.equal((await devSubmit({ state, email: uniqueEmail() })).status, 302);
    const reused = await devSubmit({ state, email: uniqueEmail() });
    assert.equal(reused.status, 400);
    assert.match(await reused.text(), /oauth_state_not_found/);
    const callback = await t.service.app.request(
      `/v1/public/oauth/google/callback?state=${encodeURIComponent(state)}&code=x`,
    );
    assert.equal(callback.status, 400);
    assert.match(await callback.text(), /oauth_state_not_found/);
  });

  it('shows the page again for a malformed address, keeping the state usable', async () => {
    const state = await startDev();
    const bad = await devSubmit({ state, email: 'not-an-address', name: 'X' });
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /role="alert"/);
    assert.equal((await devSubmit({ state, email: uniqueEmail() })).status, 302);
  });

  it('expires a state after its lifetime', async () => {
    const state = await startDev();
    t.advance(OAUTH_STATE_LIFETIME_MS + 1000);
    const res = await devSubmit({ state, email: uniqueEmail() });
    assert.equal(res.status, 400);
  });
});

describe('authenticate', () => {
  it('starts a session with the oauth factor and shows the registration in user.providers', async () => {
    const email = uniqueEmail('factor');
    const back = await devSignIn(email);
    const data = await dataOf<{
      user_id: string;
      session_token: string;
      provider_subject: string;
      provider_type: string;
      provider_values: { access_token: string; scopes: string[] };
      session: { authentication_factors: Record<string, unknown>[] };
      user: {
        emails: { email: string; email_id: string; verified: boolean }[];
        name: { first_name: string };
        providers: { oauth_user_registration_id: string; provider_subject: string; provider_type: string }[];
      };
    }>(await authenticate({ token: back.searchParams.get('token') }));
    assert.equal(data.provider_type, 'Google');
    assert.match(data.provider_subject, /^dev-[0-9a-f]{32}$/);
    assert.deepEqual(data.provider_values, {
      access_token: '',
      id_token: '',
      refresh_token: '',
      scopes: [],
      expires_at: '',
    });
    const [factor] = data.session.authentication_factors;
    const registration = data.user.providers[0];
    assert.ok(registration);
    assert.deepEqual(factor, {
      type: 'oauth',
      delivery_method: 'oauth_google',
      last_authenticated_at: factor?.last_authenticated_at,
      google_oauth_factor: {
        id: registration.oauth_user_registration_id,
        email_id: data.user.emails[0]?.email_id,
        provider_subject: data.provider_subject,
      },
    });
    assert.equal(data.user.emails[0]?.email, email);
    assert.equal(data.user.emails[0]?.verified, true);
    assert.equal(data.user.name.first_name, 'Grace');
    assert.equal(registration.provider_type, 'Google');
  });

  it('gives twitter a factor without email_id and a user without an address', async () => {
    const back = await devSignIn(uniqueEmail('tw'), 'twitter');
    const data = await dataOf<{
      session: { authentication_factors: Record<string, Record<string, string>>[] };
      user: { emails: unknown[] };
    }>(await authenticate({ token: back.searchParams.get('token') }));
    const detail = data.session.authentication_factors[0]?.twitter_oauth_factor;
    assert.ok(detail);
    assert.equal('email_id' in detail, false);
    assert.deepEqual(data.user.emails, []);
  });

  it('uses a token once', async () => {
    const back = await devSignIn(uniqueEmail());
    const token = back.searchParams.get('token');
    await dataOf(await authenticate({ token }));
    await expectError(await authenticate({ token }), 404, 'oauth_token_not_found');
    await expectError(await authenticate({ token: 'made-up' }), 404, 'oauth_token_not_found');
  });

  it('expires a token after its lifetime', async () => {
    const back = await devSignIn(uniqueEmail());
    t.advance(OAUTH_TOKEN_LIFETIME_MS + 1000);
    await expectError(await authenticate({ token: back.searchParams.get('token') }), 404, 'oauth_token_not_found');
  });

  it('binds the token to the start PKCE challenge, checked before the token is used', async () => {
    const { verifier, challenge } = pkcePair();
    const back = await devSignIn(uniqueEmail(), 'google', { code_challenge: challenge });
    const token = back.searchParams.get('token');
    await expectError(await authenticate({ token }), 400, 'pkce_expected_code_verifier');
    await expectError(await authenticate({ token, code_verifier: pkcePair().verifier }), 400, 'pkce_mismatch');
    await dataOf(await authenticate({ token, code_verifier: verifier }));
  });

  it('refuses malformed requests with invalid_request', async () => {
    await expectError(await authenticate({ token: 5 }), 400, 'invalid_request');
    await expectError(await post(t, '/oauth/authenticate', { token: 'x' }), 400, 'invalid_request');
    await expectError(await authenticate({ token: 'x', session_duration_minutes: 1 }), 400, 'invalid_request');
    await expectError(await authenticate({ token: 'x', code_verifier: 'v'.repeat(129) }), 400, 'invalid_request');
    await expectError(await post(t, '/oauth/authenticate', undefined, { raw: '{' }), 400, 'invalid_json');
  });

  it('DELETE /users/oauth/{id} removes the registration', async () => {
    const back = await devSignIn(uniqueEmail(), 'gitlab');
    const data = await dataOf<{ session_token: string; user: { providers: { oauth_user_registration_id: string }[] } }>(
      await authenticate({ token: back.searchParams.get('token') }),
    );
    const id = data.user.providers[0]?.oauth_user_registration_id ?? '';
    const res = await t.service.app.request(`/sdk/v1/users/oauth/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      headers: {
        Authorization: `Basic ${Buffer.from(`${DEFAULT_PUBLIC_TOKEN}:${data.session_token}`).toString('base64')}`,
      },
    });
    const deleted = await dataOf<{ __user: { providers: unknown[] } }>(res);
    assert.deepEqual(deleted.__user.providers, []);
  });
});

describe('Google One Tap (dev)', () => {
  async function oneTapStart(service = t) {
    const res = await service.service.app.request(
      `/v1/public/oauth/google/onetap/start?public_token=${DEFAULT_PUBLIC_TOKEN}`,
      {
        headers: { Origin: PAGE_ORIGIN },
      },
    );
    return res;
  }

  async function devIdToken(nonce: string, email = uniqueEmail('tap'), clientId = DEV_ONE_TAP_CLIENT_ID) {
    const res = await t.service.app.request('/dev/google-one-tap/id-token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: PAGE_ORIGIN },
      body: JSON.stringify({ client_id: clientId, nonce, email, name: 'Ada Lovelace' }),
    });
    return res;
  }

  function submit(callbackId: string, body: Record<string, unknown>, type = 'google-one-tap') {
    return t.service.app.request(`/v1/oauth/callback/${encodeURIComponent(callbackId)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: PAGE_ORIGIN, 'x-stytch-oauth-type': type },
      body: JSON.stringify({ login_redirect_url: HOME_URL, signup_redirect_url: PORTAL_URL, ...body }),
    });
  }

  it('start answers the dev client id, a callback id and the stand-in script, with CORS', async () => {
    const res = await oneTapStart();
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('Access-Control-Allow-Origin'), PAGE_ORIGIN);
    const body = (await res.json()) as Record<string, string>;
    assert.equal(body.google_client_id, DEV_ONE_TAP_CLIENT_ID);
    assert.match(body.oauth_callback_id ?? '', /^[A-Za-z0-9_-]{43}$/);
    assert.equal(body.google_script_url, 'http://localhost/dev/google-one-tap/client.js');
    assert.match(body.request_id ?? '', /^request-id-test-/);
    assert.equal('data' in body, false);
    const script = await t.service.app.request('/dev/google-one-tap/client.js');
    assert.match(await script.text(), /window\.google\.accounts\.id = id/);
    const preflight = await t.service.app.request('/v1/oauth/callback/x', {
      method: 'OPTIONS',
      headers: { Origin: PAGE_ORIGIN },
    });
    assert.match(preflight.headers.get('Access-Control-Allow-Headers') ?? '', /X-Stytch-OAuth-Type/);
  });

  it(
    'start: empty client id when not configured; no_login_redirect_urls_set without redirect ' +
      'URLs; bad token refused',
    async () => {
      const bare = await startTestService({ devIdentityProvider: false });
      const noUrls = await startTestService({ redirectUrls: [] });
      try {
        const body = (await (await oneTapStart(bare)).json()) as Record<string, string>;
        assert.equal(body.google_client_id, '');
        await expectError(await oneTapStart(noUrls), 400, 'no_login_redirect_urls_set');
        await expectError(
          await t.service.app.request('/v1/public/oauth/google/onetap/start?public_token=x'),
          401,
          'invalid_public_token',
        );
      } finally {
        await bare.close();
        await noUrls.close();
      }
    },
  );

  it('a dev credential signs in once, and its token authenticates', async () => {
    const start = (await (await oneTapStart()).json()) as { oauth_callback_id: string };
    const { id_token } = (await (await devIdToken(start.oauth_callback_id)).json()) as { id_token: string };
    const res = await submit(start.oauth_callback_id, { id_token, stytch_csrf_token: 'ignored' });
    assert.equal(res.headers.get('Access-Control-Allow-Origin'), PAGE_ORIGIN);
    const body = (await res.json()) as { status_code: number; redirect_url: string; request_id: string };
    assert.equal(body.status_code, 200, JSON.stringify(body));
    const redirect = new URL(body.redirect_url);
    assert.equal(`${redirect.origin}${redirect.pathname}`, PORTAL_URL);
    const data = await dataOf<{ session: { authentication_factors: { delivery_method: string }[] } }>(
      await authenticate({ token: redirect.searchParams.get('token') }),
    );
    assert.equal(data.session.authentication_factors[0]?.delivery_method, 'oauth_google');
    await expectError(await submit(start.oauth_callback_id, { id_token }), 404, 'oauth_callback_not_found');
  });

  it('rejects a nonce that is not the callback id, a forged token, a wrong header and a missing token', async () => {
    const start = (await (await oneTapStart()).json()) as { oauth_callback_id: string };
    const other = (await (await devIdToken('another-nonce')).json()) as { id_token: string };
    await expectError(await submit(start.oauth_callback_id, { id_token: other.id_token }), 401, 'invalid_id_token');
    const [header, payload] = other.id_token.split('.');
    await expectError(
      await submit(start.oauth_callback_id, { id_token: `${header}.${payload}.AAAA` }),
      401,
      'invalid_id_token',
    );
    await expectError(await submit(start.oauth_callback_id, { id_token: 'garbage' }), 401, 'invalid_id_token');
    await expectError(await submit(start.oauth_callback_id, {}), 400, 'invalid_request');
    const good = (await (await devIdToken(start.oauth_callback_id)).json()) as { id_token: string };
    await expectError(
      await submit(start.oauth_callback_id, { id_token: good.id_token }, 'other'),
      400,
      'invalid_request',
    );
    await expectError(
      await submit(start.oauth_callback_id, { id_token: good.id_token, login_redirect_url: 'https://evil.example/' }),
      400,
      'invalid_redirect_url',
    );
    // Nothing above used the callback id up.
    assert.equal((await submit(start.oauth_callback_id, { id_token: good.id_token })).status, 200);
  });

  it('the dev ID token endpoint refuses another client id and a malformed address', async () => {
    await expectError(await devIdToken('n', uniqueEmail(), 'someone-else'), 400, 'invalid_request');
    await expectError(await devIdToken('n', 'nope'), 400, 'invalid_email');
  });
});
