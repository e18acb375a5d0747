// Sign in with Westlight end to end, with the real `npm start`: the service is an OpenID provider, the demo site's
// authorize and logout pages host <auth-login mode="identity-provider">, and two kinds of third-party app use it:
// the demo's own Westlight Library app (its own origin, started by `npm start`), and this test itself as a relying
// party through openid-client, registered the way an operator would (CONNECTED_APPS). Its redirect URIs are on an
// origin this browser answers itself with a blank page: the test reads the authorization response from the
// navigation request.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as oidc from 'openid-client';
import type { BrowserContext, Page } from 'playwright-core';
import { OIDC_PATHS } from '../../src/api/idp.ts';
import { SDK_BASE_PATH } from '../../src/api/index.ts';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/constants/project.ts';
import { verifyIdToken } from '../support/id-token.ts';
import { until } from '../support/poll.ts';
import { deliveredTo, e2eSuite } from './support.ts';

const APP_ORIGIN = 'https://reader.example';
const CALLBACK = `${APP_ORIGIN}/callback`;
const AFTER_LOGOUT = `${APP_ORIGIN}/signed-out`;
const READER = {
  client_id: 'e2e-course-reader',
  client_secret: 'e2e-course-reader-secret-0123456789abcdef',
  name: 'Course Reader',
  description: 'Reads your course list',
  client_type: 'third_party',
  redirect_uris: [CALLBACK],
  post_logout_redirect_uris: [AFTER_LOGOUT],
};
const FIRST_PARTY = {
  client_id: 'e2e-westlight-mobile',
  client_secret: 'e2e-westlight-mobile-secret-0123456789abcdef',
  name: 'Westlight Mobile',
  description: "The university's own app",
  client_type: 'first_party',
  redirect_uris: [CALLBACK],
  post_logout_redirect_uris: [AFTER_LOGOUT],
};
const PROJECT = 'Westlight University';
const NO_SESSION = 'No active session detected. Please log in to continue.';

describe('Sign in with Westlight: the OpenID provider, the consent and logout pages, and two third-party apps', () => {
  const e2e = e2eSuite({ env: { CONNECTED_APPS: JSON.stringify([READER, FIRST_PARTY]) } });
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let libraryOrigin: string;
  const email = `ada-${Date.now()}@example.com`;

  before(async () => {
    const match = /Third-party demo app \(Sign in with Westlight\): (http:\/\/\S+)/.exec(e2e.product.output());
    assert.ok(match?.[1], `npm start prints the demo app's address:\n${e2e.product.output()}`);
    libraryOrigin = match[1];
    context = await e2e.newContext();
    // The library app is the one other origin this browser may reach (registered after closeNetwork, so it wins).
    await context.route(
      (url) => url.origin === libraryOrigin,
      (route) => route.continue(),
    );
    await context.route(
      (url) => url.origin === APP_ORIGIN,
      (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Course Reader</title>' }),
    );
    ({ page, problems } = await e2e.newPage(context));
  });

  /** The app's redirect URI as the browser arrives there (the page has loaded: the next navigation is the test's). */
  async function appReceives(prefix: string): Promise<URL> {
    await page.waitForURL((url) => url.href.startsWith(prefix));
    return new URL(page.url());
  }

  async function sessionToken(): Promise<string | undefined> {
    return (await context.cookies()).find((cookie) => cookie.name === 'stytch_session')?.value;
  }

  /** A call to the SDK API as the signed-in student's browser would make it. */
  async function sdk(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    return sdkAs((await sessionToken()) ?? '', method, path, body);
  }

  function sdkAs(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    return fetch(`${e2e.product.url}${SDK_BASE_PATH}${path}`, {
      method,
      headers: {
        Authorization: `Basic ${Buffer.from(`${DEFAULT_PUBLIC_TOKEN}:${token}`).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async function discover(app: { client_id: string; client_secret: string }): Promise<oidc.Configuration> {
    return oidc.discovery(new URL(e2e.product.url), app.client_id, app.client_secret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
  }

  interface Request {
    url: URL;
    verifier: string;
    state: string;
    nonce: string;
  }

  async function authorizationRequest(
    config: oidc.Configuration,
    scope: string,
    extra: Record<string, string> = {},
  ): Promise<Request> {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...extra,
    });
    return { url, verifier, state, nonce };
  }

  it(
    'the library app: Sign in with Westlight asks a signed-out student to log in, then for ' +
      'consent, then shows who they are',
    async () => {
      await page.goto(libraryOrigin);
      await page.getByRole('link', { name: 'Sign in with Westlight' }).click();
      await page.waitForURL((url) => url.pathname === '/oauth/authorize');
      const query = new URL(page.url()).searchParams;
      assert.equal(query.get('client_id'), 'westlight-library-e-resources');
      assert.equal(query.get('redirect_uri'), `${libraryOrigin}/callback`);
      await page.getByText(NO_SESSION).waitFor();

      // The sign-in form is right there; the email link brings the student back to this page and its request.
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      await deliveredTo(e2e.product.url, email, 'the sign-in email');
      await page.goto(`${e2e.product.url}/dev/inbox`);
      const href = await page.locator('a[href*="stytch_token_type=magic_links"]').first().getAttribute('href');
      assert.equal(new URL(href ?? '').pathname, '/oauth/authorize', `the link returns to the authorize page: ${href}`);
      assert.equal(new URL(href ?? '').searchParams.get('client_id'), 'westlight-library-e-resources');
      await page.goto(href!);

      await page.getByText('Westlight Library e-resources').first().waitFor();
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL((url) => url.origin === libraryOrigin);
      await page.getByText(`Signed in with Westlight as ${email}.`).waitFor();
      assert.equal(await page.locator('[data-claim="email"]').textContent(), email);
      assert.match((await page.locator('#library-scopes').textContent()) ?? '', /\bopenid\b.*\bemail\b/);
    },
  );

  it('discovery names the protocol endpoints on the service origin', async () => {
    const config = await discover(READER);
    const metadata = config.serverMetadata();
    assert.equal(metadata.issuer, e2e.product.url);
    assert.equal(metadata.authorization_endpoint, `${e2e.product.url}${OIDC_PATHS.authorization}`);
    assert.equal(metadata.token_endpoint, `${e2e.product.url}${OIDC_PATHS.token}`);
    assert.equal(metadata.userinfo_endpoint, `${e2e.product.url}${OIDC_PATHS.userinfo}`);
    assert.equal(metadata.jwks_uri, `${e2e.product.url}${OIDC_PATHS.jwks}`);
    assert.equal(metadata.end_session_endpoint, `${e2e.product.url}${OIDC_PATHS.endSession}`);
    assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
  });

  it('an unregistered redirect URI is refused at the authorization endpoint, before any redirect', async () => {
    const config = await discover(READER);
    const request = await authorizationRequest(config, 'openid email');
    request.url.searchParams.set('redirect_uri', 'https://attacker.example/callback');
    const res = await fetch(request.url, { redirect: 'manual' });
    assert.equal(res.status, 400);
    assert.equal(res.headers.get('location'), null);
  });

  it('the authorize page without client_id shows the spec message', async () => {
    await page.goto(`${e2e.product.url}/oauth/authorize?redirect_uri=${encodeURIComponent(CALLBACK)}`);
    await page
      .getByText('Required parameter is missing: client_id. Please reach out to the application developer.')
      .waitFor();
  });

  let refreshToken = '';
  let reader: oidc.Configuration;

  it(
    'consent: the scopes the student may not grant are listed apart and not granted; Allow ' +
      'sends a code; tokens, ID token, userinfo and refresh work',
    async () => {
      reader = await discover(READER);
      const request = await authorizationRequest(reader, 'openid email profile offline_access grades:publish', {
        prompt: 'consent',
      });
      await page.goto(request.url.href);
      await page.waitForURL((url) => url.pathname === '/oauth/authorize');
      await page.getByText("You cannot grant Course Reader's request to:").waitFor();
      await page
        .getByText('You do not have permissions to grant Course Reader access to some of the requested scopes.')
        .waitFor();
      await page.getByText('Publish grades for the courses you teach').waitFor();
      const received = appReceives(CALLBACK);
      await page.getByRole('button', { name: 'Allow' }).click();
      const callback = await received;
      assert.equal(callback.searchParams.get('state'), request.state);
      assert.ok(callback.searchParams.get('code'));

      const tokens = await oidc.authorizationCodeGrant(reader, callback, {
        pkceCodeVerifier: request.verifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      const metadata = reader.serverMetadata();
      const claims = await verifyIdToken(tokens.id_token!, {
        jwksUri: metadata.jwks_uri!,
        issuer: metadata.issuer,
        audience: READER.client_id,
      });
      assert.equal(claims.nonce, request.nonce);
      const granted = (tokens.scope ?? '').split(' ');
      assert.ok(granted.includes('offline_access') && granted.includes('email'), `granted: ${tokens.scope}`);
      assert.ok(!granted.includes('grades:publish'), 'the ungrantable scope is not granted');

      const info = await oidc.fetchUserInfo(reader, tokens.access_token, claims.sub);
      assert.equal(info.email, email);
      assert.equal(info.sub, claims.sub);

      assert.ok(tokens.refresh_token, 'offline_access brings a refresh token');
      const refreshed = await oidc.refreshTokenGrant(reader, tokens.refresh_token);
      assert.ok(refreshed.access_token);
      refreshToken = refreshed.refresh_token ?? tokens.refresh_token;
    },
  );

  it("the grant shows among the student's connected apps", async () => {
    const res = await sdk('GET', '/users/connected_apps');
    assert.equal(res.status, 200);
    const { data } = (await res.json()) as {
      data: { connected_apps: { connected_app_id: string; name: string; scopes_granted: string }[] };
    };
    const app = data.connected_apps.find((a) => a.connected_app_id === READER.client_id);
    assert.ok(app, JSON.stringify(data.connected_apps));
    assert.equal(app.name, READER.name);
    assert.ok(!app.scopes_granted.split(' ').includes('grades:publish'));
    assert.ok(data.connected_apps.some((a) => a.connected_app_id === 'westlight-library-e-resources'));
  });

  it('Deny: the app receives access_denied with its state, and no code', async () => {
    const request = await authorizationRequest(reader, 'openid email', { prompt: 'consent' });
    await page.goto(request.url.href);
    await page.getByRole('button', { name: 'Deny' }).waitFor();
    const received = appReceives(CALLBACK);
    await page.getByRole('button', { name: 'Deny' }).click();
    const callback = await received;
    assert.equal(callback.searchParams.get('error'), 'access_denied');
    assert.equal(callback.searchParams.get('state'), request.state);
    assert.equal(callback.searchParams.get('code'), null);
  });

  it('a first-party app skips consent: the browser goes straight back with a code', async () => {
    const config = await discover(FIRST_PARTY);
    const request = await authorizationRequest(config, 'openid email');
    // The provider's redirect lands on the authorize page, which sends the browser on by itself, without a screen.
    await page.goto(request.url.href, { waitUntil: 'commit' });
    const callback = await appReceives(CALLBACK);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
    });
    assert.ok(tokens.access_token);
  });

  it('revoking the connected app ends its refresh token', async () => {
    const res = await sdk('POST', `/users/connected_apps/${READER.client_id}/revoke`);
    assert.equal(res.status, 200);
    await assert.rejects(oidc.refreshTokenGrant(reader, refreshToken), (error: unknown) => {
      assert.equal((error as { error?: string }).error, 'invalid_grant');
      return true;
    });
  });

  it('RP-initiated logout, No: the student stays signed in', async () => {
    const url = oidc.buildEndSessionUrl(reader, {
      post_logout_redirect_uri: AFTER_LOGOUT,
      client_id: READER.client_id,
    });
    await page.goto(url.href);
    await page.waitForURL((u) => u.pathname === '/oauth/logout');
    // The heading: the widget's status region names the screen too.
    await page.getByRole('heading', { name: `Are you sure you want to log out of your ${PROJECT} account?` }).waitFor();
    await page.getByRole('button', { name: 'No' }).click();
    await page.getByRole('heading', { name: 'You have not been logged out. You may close this page.' }).waitFor();
    assert.equal((await sdk('GET', '/users/me')).status, 200, 'the session is still live');
  });

  it('RP-initiated logout, Yes: the session is revoked and the browser returns to the app with its state', async () => {
    const state = oidc.randomState();
    const url = oidc.buildEndSessionUrl(reader, {
      post_logout_redirect_uri: AFTER_LOGOUT,
      client_id: READER.client_id,
      state,
    });
    const token = await sessionToken();
    await page.goto(url.href);
    await page.getByRole('button', { name: 'Yes' }).click();
    const back = await appReceives(AFTER_LOGOUT);
    assert.equal(back.searchParams.get('state'), state);
    assert.ok(token, 'signed in before');
    await until(
      async () => [401, 404].includes((await sdkAs(token, 'GET', '/users/me')).status),
      'the old session token no longer works',
    );
  });

  it('the library app logs out through end session and is back to Sign in with Westlight', async () => {
    await page.goto(libraryOrigin);
    await page.getByText(`Signed in with Westlight as ${email}.`).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    // Its ID token names the student, so Westlight does not ask again: the browser comes straight back.
    await page.waitForURL((url) => url.origin === libraryOrigin && url.pathname === '/');
    await page.getByRole('link', { name: 'Sign in with Westlight' }).waitFor();
  });

  it('logged no errors', () => {
    assert.deepEqual(problems, []);
  });
});
