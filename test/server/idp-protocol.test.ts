// The OpenID provider's protocol side with a real relying party (openid-client) against a listening service:
// discovery, the authorization endpoint handing over to the authorize page, the code the submit call mints redeemed
// at the token endpoint, the ID token checked against the JWKS, userinfo, refresh, revocation through connected apps,
// and end session handing over to the logout page.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { IDP_PATHS, OIDC_PATHS, type AuthorizeSubmitResponse, type LogoutStartResponse } from '../../src/api/idp.ts';
import { startServer, type RunningServer } from '../../src/server/listen.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import { basicAuth, dataOf, expectError, get, PORTAL_URL, post, signIn, type SignedIn, type TestService } from './support.ts';
import { freshDatabase, type TestDatabase } from './test-database.ts';
import { AFTER_LOGOUT, CALLBACK, CONNECTED_APPS, PUBLIC_APP, RBAC_POLICY, THIRD_PARTY } from './idp-fixtures.ts';

describe('the OpenID provider with openid-client as the third-party app', () => {
  let server: RunningServer;
  let t: TestService;
  let config: oidc.Configuration;
  let database: TestDatabase;

  before(async () => {
    database = await freshDatabase();
    server = await startServer({
      port: 0,
      database: database.options,
      redirectUrls: [PORTAL_URL],
      connectedApps: CONNECTED_APPS,
      rbacPolicy: RBAC_POLICY,
    });
    // support.ts's helpers only need the service; this suite's clock is the real one.
    t = { service: server.service, advance: () => undefined, now: () => Date.now(), close: () => server.close() };
    config = await oidc.discovery(new URL(server.url), THIRD_PARTY.client_id, THIRD_PARTY.client_secret, undefined, {
      execute: [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks],
    });
  });
  after(async () => {
    await server?.close();
    await database?.drop();
  });

  /**
   * A call to the listening service, as the widget on the authorize or logout page makes it: the issuer is the origin
   * the service is reached at, which app.request (http://localhost, no port) would not give.
   */
  function sdk(path: string, body: unknown, sessionToken?: string): Promise<Response> {
    return fetch(`${server.url}${SDK_BASE_PATH}${path}`, {
      method: 'POST',
      headers: { Authorization: basicAuth(sessionToken), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** The authorize page's submit for the signed-in student, as the widget makes it after Allow. */
  async function consent(s: SignedIn, scope: string, extra: Record<string, unknown> = {}) {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const data = await dataOf<AuthorizeSubmitResponse>(
      await sdk(
        IDP_PATHS.authorizeSubmit,
        {
          client_id: THIRD_PARTY.client_id,
          redirect_uri: CALLBACK,
          response_type: 'code',
          scopes: scope.split(' '),
          state,
          nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          consent_granted: true,
          ...extra,
        },
        s.sessionToken,
      ),
    );
    return { redirect: new URL(data.redirect_uri), verifier, state, nonce };
  }

  function redeem(flow: Awaited<ReturnType<typeof consent>>) {
    return oidc.authorizationCodeGrant(config, flow.redirect, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  }

  it('discovery advertises exactly the service’s protocol endpoints', () => {
    const meta = config.serverMetadata();
    assert.equal(meta.issuer, server.url);
    assert.equal(meta.authorization_endpoint, `${server.url}${OIDC_PATHS.authorization}`);
    assert.equal(meta.token_endpoint, `${server.url}${OIDC_PATHS.token}`);
    assert.equal(meta.userinfo_endpoint, `${server.url}${OIDC_PATHS.userinfo}`);
    assert.equal(meta.jwks_uri, `${server.url}${OIDC_PATHS.jwks}`);
    assert.equal(meta.end_session_endpoint, `${server.url}${OIDC_PATHS.endSession}`);
    assert.equal(meta.revocation_endpoint, `${server.url}${OIDC_PATHS.revocation}`);
    assert.deepEqual(meta.response_types_supported, ['code']);
    assert.deepEqual(meta.code_challenge_methods_supported, ['S256']);
    for (const scope of ['openid', 'profile', 'email', 'phone', 'offline_access', 'full_access', 'catalogue:read']) {
      assert.ok(meta.scopes_supported?.includes(scope), scope);
    }
  });

  it('the authorization endpoint sends the browser to the authorize page with the request’s parameters', async () => {
    const params = { redirect_uri: CALLBACK, scope: 'openid email', state: 'st', nonce: 'nn', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', prompt: 'consent' };
    const res = await fetch(oidc.buildAuthorizationUrl(config, params), { redirect: 'manual' });
    assert.equal(res.status, 303);
    const page = new URL(res.headers.get('Location')!);
    assert.equal(`${page.origin}${page.pathname}`, `${server.url}/oauth/authorize`);
    assert.deepEqual(Object.fromEntries(page.searchParams), { client_id: THIRD_PARTY.client_id, response_type: 'code', ...params });
  });

  it('an unknown redirect_uri is refused on the provider’s error page, with no redirect', async () => {
    const res = await fetch(oidc.buildAuthorizationUrl(config, { redirect_uri: `${CALLBACK}/elsewhere`, scope: 'openid' }), { redirect: 'manual' });
    assert.equal(res.status, 400);
    assert.equal(res.headers.get('Location'), null);
    assert.match(await res.text(), /redirect_uri did not match any of the client&#39;s registered redirect_uris|redirect_uri did not match any of the client's registered redirect_uris/);
  });

  it('a public client without PKCE is refused', async () => {
    const url = new URL(`${server.url}${OIDC_PATHS.authorization}`);
    url.search = new URLSearchParams({ client_id: PUBLIC_APP.client_id, redirect_uri: PUBLIC_APP.redirect_uris![0]!, response_type: 'code', scope: 'openid', state: 'p1' }).toString();
    const res = await fetch(url, { redirect: 'manual' });
    const back = new URL(res.headers.get('Location')!);
    assert.equal(`${back.origin}${back.pathname}`, PUBLIC_APP.redirect_uris![0]);
    assert.equal(back.searchParams.get('error'), 'invalid_request');
    assert.equal(back.searchParams.get('error_description'), 'Authorization Server policy requires PKCE to be used for this request');
    assert.equal(back.searchParams.get('state'), 'p1');
  });

  it('code → tokens (ID token verified, nonce checked) → userinfo → refresh → connected apps → revoke ends it all', async () => {
    const s = await signIn(t);
    const flow = await consent(s, 'openid email profile offline_access');
    assert.equal(flow.redirect.searchParams.get('iss'), server.url);
    const tokens = await redeem(flow);
    const claims = tokens.claims()!;
    assert.equal(claims.sub, s.userId);
    assert.equal(claims.iss, server.url);
    assert.equal(claims.aud, THIRD_PARTY.client_id);
    assert.equal(claims.nonce, flow.nonce);
    const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString()) as { alg: string; kid: string };
    assert.equal(header.alg, 'ES256');
    const jwks = (await (await fetch(`${server.url}${OIDC_PATHS.jwks}`)).json()) as { keys: { kid: string; d?: string }[] };
    assert.ok(jwks.keys.some((k) => k.kid === header.kid));
    assert.ok(jwks.keys.every((k) => k.d === undefined), 'no private key material is published');
    assert.ok(tokens.refresh_token, 'offline_access gives a refresh token');
    assert.equal(tokens.scope, 'openid email profile offline_access');

    const info = await oidc.fetchUserInfo(config, tokens.access_token, s.userId);
    assert.deepEqual(info, { sub: s.userId, email: s.email, email_verified: true });

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token);
    assert.ok(refreshed.access_token);
    const refreshToken = refreshed.refresh_token ?? tokens.refresh_token;

    const apps = await dataOf<{ connected_apps: { connected_app_id: string; scopes_granted: string }[] }>(
      await get(t, '/users/connected_apps', { sessionToken: s.sessionToken }),
    );
    assert.deepEqual(apps.connected_apps.map((a) => [a.connected_app_id, a.scopes_granted]), [[THIRD_PARTY.client_id, 'email offline_access openid profile']]);
    await dataOf(await post(t, `/users/connected_apps/${THIRD_PARTY.client_id}/revoke`, {}, { sessionToken: s.sessionToken }));

    await assert.rejects(oidc.refreshTokenGrant(config, refreshToken), (error: oidc.ResponseBodyError) => error.error === 'invalid_grant');
    const userinfo = await fetch(`${server.url}${OIDC_PATHS.userinfo}`, { headers: { Authorization: `Bearer ${refreshed.access_token}` } });
    assert.equal(userinfo.status, 401);
  });

  it('refresh tokens only come with offline_access; scopes the user may not grant are not in the tokens', async () => {
    const s = await signIn(t);
    const flow = await consent(s, 'openid phone catalogue:write');
    const tokens = await redeem(flow);
    assert.equal(tokens.refresh_token, undefined);
    assert.equal(tokens.scope, 'openid phone');
    const info = await oidc.fetchUserInfo(config, tokens.access_token, s.userId);
    assert.deepEqual(info, { sub: s.userId });
    // A code works once; a replay is taken as a stolen code and ends what the first redemption issued.
    await assert.rejects(redeem(flow), (error: oidc.ResponseBodyError) => error.error === 'invalid_grant');
    const after = await fetch(`${server.url}${OIDC_PATHS.userinfo}`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    assert.equal(after.status, 401);
  });

  it('parallel redemptions of one code: exactly one gets tokens', async () => {
    const s = await signIn(t);
    const flow = await consent(s, 'openid');
    const basic = `Basic ${Buffer.from(`${THIRD_PARTY.client_id}:${THIRD_PARTY.client_secret}`).toString('base64')}`;
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: flow.redirect.searchParams.get('code')!,
      redirect_uri: CALLBACK,
      code_verifier: flow.verifier,
    }).toString();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${server.url}${OIDC_PATHS.token}`, { method: 'POST', headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' }, body }),
      ),
    );
    const outcomes = await Promise.all(answers.map(async (res) => `${res.status} ${((await res.json()) as { error?: string }).error ?? 'tokens'}`));
    assert.deepEqual(outcomes.sort(), ['200 tokens', ...Array<string>(7).fill('400 invalid_grant')]);
  });

  it('end session sends the browser to the logout page; the ID token hint of the signed-in user skips the question', async () => {
    const s = await signIn(t);
    const tokens = await redeem(await consent(s, 'openid'));
    const idToken = tokens.id_token!;
    const res = await fetch(oidc.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: AFTER_LOGOUT, state: 'bye' }), { redirect: 'manual' });
    assert.ok([302, 303].includes(res.status), `status ${res.status}`);
    const page = new URL(res.headers.get('Location')!);
    assert.equal(`${page.origin}${page.pathname}`, `${server.url}/oauth/logout`);
    assert.deepEqual(Object.fromEntries(page.searchParams), {
      client_id: THIRD_PARTY.client_id,
      post_logout_redirect_uri: AFTER_LOGOUT,
      state: 'bye',
      id_token_hint: idToken,
    });
    const body = { client_id: THIRD_PARTY.client_id, post_logout_redirect_uri: AFTER_LOGOUT, state: 'bye', id_token_hint: idToken };
    const same = await dataOf<LogoutStartResponse>(await sdk(IDP_PATHS.logoutStart, body, s.sessionToken));
    assert.deepEqual([same.redirect_uri, same.consent_required], [`${AFTER_LOGOUT}?state=bye`, false]);
    const other = await signIn(t);
    const someoneElse = await dataOf<LogoutStartResponse>(await sdk(IDP_PATHS.logoutStart, body, other.sessionToken));
    assert.equal(someoneElse.consent_required, true);

    const unregistered = await fetch(oidc.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: `${AFTER_LOGOUT}/x` }), { redirect: 'manual' });
    assert.equal(unregistered.status, 400);
    assert.equal(unregistered.headers.get('Location'), null);
  });

  it('the SDK calls still validate: a submit without a session is refused', async () => {
    await expectError(await post(t, IDP_PATHS.authorizeSubmit, { client_id: THIRD_PARTY.client_id }), 401, 'user_unauthenticated');
  });
});
