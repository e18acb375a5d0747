// The OpenID provider's protocol side with a real relying party (openid-client) against a listening service:
// discovery, the authorization endpoint handing over to the authorize page, the code the submit call mints redeemed
// at the token endpoint, the ID token checked against the JWKS, userinfo, refresh, revocation through connected apps,
// and end session handing over to the logout page. Then the protocol's hardening: control characters in parameters,
// nosniff, 500s in the service's log, a failed PKCE check spending the code, and signing out ending the app's tokens.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { IDP_PATHS, OIDC_PATHS, type AuthorizeSubmitResponse, type LogoutStartResponse } from '../../src/api/idp.ts';
import { PATHS } from '../../src/api/paths.ts';
import { startServer, type RunningServer } from '../../src/server/listen.ts';
import { FRAME_ANCESTORS_DIRECTIVE, STRICT_TRANSPORT_SECURITY } from '../../src/server/constants/headers.ts';
import { responseHeaders } from '../../src/server/oidc/middleware.ts';
import type { KoaContext } from '../../src/server/oidc/provider.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import {
  basicAuth,
  dataOf,
  expectError,
  get,
  PORTAL_URL,
  post,
  signIn,
  uniqueEmail,
  type SignedIn,
  type TestService,
} from './support.ts';
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
    const params = {
      redirect_uri: CALLBACK,
      scope: 'openid email',
      state: 'st',
      nonce: 'nn',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      prompt: 'consent',
    };
    const res = await fetch(oidc.buildAuthorizationUrl(config, params), { redirect: 'manual' });
    assert.equal(res.status, 303);
    const page = new URL(res.headers.get('Location')!);
    assert.equal(`${page.origin}${page.pathname}`, `${server.url}/oauth/authorize`);
    assert.deepEqual(Object.fromEntries(page.searchParams), {
      client_id: THIRD_PARTY.client_id,
      response_type: 'code',
      ...params,
    });
  });

  it('an unknown redirect_uri is refused on the provider’s error page, with no redirect', async () => {
    const res = await fetch(
      oidc.buildAuthorizationUrl(config, { redirect_uri: `${CALLBACK}/elsewhere`, scope: 'openid' }),
      { redirect: 'manual' },
    );
    assert.equal(res.status, 400);
    assert.equal(res.headers.get('Location'), null);
    assert.match(await res.text(), /redirect_uri did not match any of the client(?:&#39;|')s registered redirect_uris/);
  });

  it('a public client without PKCE is refused', async () => {
    const url = new URL(`${server.url}${OIDC_PATHS.authorization}`);
    url.search = new URLSearchParams({
      client_id: PUBLIC_APP.client_id,
      redirect_uri: PUBLIC_APP.redirect_uris![0]!,
      response_type: 'code',
      scope: 'openid',
      state: 'p1',
    }).toString();
    const res = await fetch(url, { redirect: 'manual' });
    const back = new URL(res.headers.get('Location')!);
    assert.equal(`${back.origin}${back.pathname}`, PUBLIC_APP.redirect_uris![0]);
    assert.equal(back.searchParams.get('error'), 'invalid_request');
    assert.equal(
      back.searchParams.get('error_description'),
      'Authorization Server policy requires PKCE to be used for this request',
    );
    assert.equal(back.searchParams.get('state'), 'p1');
  });

  it(
    'code → tokens (ID token verified, nonce checked) → userinfo → refresh → connected apps → ' + 'revoke ends it all',
    async () => {
      const s = await signIn(t);
      const flow = await consent(s, 'openid email profile offline_access');
      assert.equal(flow.redirect.searchParams.get('iss'), server.url);
      const tokens = await redeem(flow);
      const claims = tokens.claims()!;
      assert.equal(claims.sub, s.userId);
      assert.equal(claims.iss, server.url);
      assert.equal(claims.aud, THIRD_PARTY.client_id);
      assert.equal(claims.nonce, flow.nonce);
      const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString()) as {
        alg: string;
        kid: string;
      };
      assert.equal(header.alg, 'ES256');
      const jwks = (await (await fetch(`${server.url}${OIDC_PATHS.jwks}`)).json()) as {
        keys: { kid: string; d?: string }[];
      };
      assert.ok(jwks.keys.some((k) => k.kid === header.kid));
      assert.ok(
        jwks.keys.every((k) => k.d === undefined),
        'no private key material is published',
      );
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
      assert.deepEqual(
        apps.connected_apps.map((a) => [a.connected_app_id, a.scopes_granted]),
        [[THIRD_PARTY.client_id, 'email offline_access openid profile']],
      );
      await dataOf(
        await post(t, `/users/connected_apps/${THIRD_PARTY.client_id}/revoke`, {}, { sessionToken: s.sessionToken }),
      );

      await assert.rejects(
        oidc.refreshTokenGrant(config, refreshToken),
        (error: oidc.ResponseBodyError) => error.error === 'invalid_grant',
      );
      const userinfo = await fetch(`${server.url}${OIDC_PATHS.userinfo}`, {
        headers: { Authorization: `Bearer ${refreshed.access_token}` },
      });
      assert.equal(userinfo.status, 401);
    },
  );

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
    const after = await fetch(`${server.url}${OIDC_PATHS.userinfo}`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    assert.equal(after.status, 401);
  });

  it('parallel redemptions of one code: exactly one gets tokens', async () => {
    const s = await signIn(t);
    const flow = await consent(s, 'openid');
    const basic = basicAuth(THIRD_PARTY.client_secret, THIRD_PARTY.client_id);
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: flow.redirect.searchParams.get('code')!,
      redirect_uri: CALLBACK,
      code_verifier: flow.verifier,
    }).toString();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${server.url}${OIDC_PATHS.token}`, {
          method: 'POST',
          headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
        }),
      ),
    );
    const outcomes = await Promise.all(
      answers.map(async (res) => `${res.status} ${((await res.json()) as { error?: string }).error ?? 'tokens'}`),
    );
    assert.deepEqual(outcomes.sort(), ['200 tokens', ...Array<string>(7).fill('400 invalid_grant')]);
  });

  it(
    'end session sends the browser to the logout page; the ID token hint of the signed-in user ' + 'skips the question',
    async () => {
      const s = await signIn(t);
      const tokens = await redeem(await consent(s, 'openid'));
      const idToken = tokens.id_token!;
      const res = await fetch(
        oidc.buildEndSessionUrl(config, {
          id_token_hint: idToken,
          post_logout_redirect_uri: AFTER_LOGOUT,
          state: 'bye',
        }),
        { redirect: 'manual' },
      );
      assert.ok([302, 303].includes(res.status), `status ${res.status}`);
      const page = new URL(res.headers.get('Location')!);
      assert.equal(`${page.origin}${page.pathname}`, `${server.url}/oauth/logout`);
      assert.deepEqual(Object.fromEntries(page.searchParams), {
        client_id: THIRD_PARTY.client_id,
        post_logout_redirect_uri: AFTER_LOGOUT,
        state: 'bye',
        id_token_hint: idToken,
      });
      const body = {
        client_id: THIRD_PARTY.client_id,
        post_logout_redirect_uri: AFTER_LOGOUT,
        state: 'bye',
        id_token_hint: idToken,
      };
      const same = await dataOf<LogoutStartResponse>(await sdk(IDP_PATHS.logoutStart, body, s.sessionToken));
      assert.deepEqual([same.redirect_uri, same.consent_required], [`${AFTER_LOGOUT}?state=bye`, false]);
      const other = await signIn(t);
      const someoneElse = await dataOf<LogoutStartResponse>(await sdk(IDP_PATHS.logoutStart, body, other.sessionToken));
      assert.equal(someoneElse.consent_required, true);

      const unregistered = await fetch(
        oidc.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: `${AFTER_LOGOUT}/x` }),
        { redirect: 'manual' },
      );
      assert.equal(unregistered.status, 400);
      assert.equal(unregistered.headers.get('Location'), null);
    },
  );

  it('the SDK calls still validate: a submit without a session is refused', async () => {
    await expectError(
      await post(t, IDP_PATHS.authorizeSubmit, { client_id: THIRD_PARTY.client_id }),
      401,
      'user_unauthenticated',
    );
  });

  const clientBasic = basicAuth(THIRD_PARTY.client_secret, THIRD_PARTY.client_id);
  const FORM = 'application/x-www-form-urlencoded';

  /** A query or form body with one parameter written raw (already percent-encoded, e.g. `a%00b`). */
  function withRaw(params: Record<string, string>, name: string, raw: string): string {
    const rest = new URLSearchParams(Object.entries(params).filter(([key]) => key !== name));
    return `${rest.toString()}&${name}=${raw}`;
  }

  function postForm(
    path: string,
    body: string,
    headers: Record<string, string> = { Authorization: clientBasic },
  ): Promise<Response> {
    return fetch(`${server.url}${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': FORM }, body });
  }

  async function expectOauthError(res: Response, status: number, error: string, label: string): Promise<void> {
    const body = await res.text();
    assert.equal(res.status, status, `${label}: ${body}`);
    assert.equal((JSON.parse(body) as { error: string }).error, error, `${label}: ${body}`);
  }

  /** NUL, another C0 control, DEL, a line break and a C1 control (U+0085), each inside a value. */
  const CONTROL_CHARACTERS = ['%00', '%01', '%7F', '%0A', '%C2%85'];

  it('a control character in any protocol parameter is invalid_request, never a 500', async () => {
    const authorize = {
      client_id: THIRD_PARTY.client_id,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid',
      state: 'st',
      nonce: 'nn',
    };
    const codeGrant = {
      grant_type: 'authorization_code',
      code: 'some-code',
      redirect_uri: CALLBACK,
      code_verifier: 'v'.repeat(43),
    };
    const logout = { client_id: THIRD_PARTY.client_id, post_logout_redirect_uri: AFTER_LOGOUT, state: 'bye' };
    for (const control of CONTROL_CHARACTERS) {
      const raw = `a${control}b`;
      for (const name of ['code', 'code_verifier', 'redirect_uri', 'grant_type']) {
        await expectOauthError(
          await postForm(OIDC_PATHS.token, withRaw(codeGrant, name, raw)),
          400,
          'invalid_request',
          `token ${name} ${control}`,
        );
      }
      await expectOauthError(
        await postForm(OIDC_PATHS.token, withRaw({ grant_type: 'refresh_token' }, 'refresh_token', raw)),
        400,
        'invalid_request',
        `token refresh_token ${control}`,
      );
      // Client authentication in the body instead of the header.
      await expectOauthError(
        await postForm(
          OIDC_PATHS.token,
          withRaw({ ...codeGrant, client_secret: THIRD_PARTY.client_secret! }, 'client_id', raw),
          {},
        ),
        400,
        'invalid_request',
        `token client_id ${control}`,
      );
      // A control character in a parameter's name: nothing reads it, but no parameter may carry one.
      await expectOauthError(
        await postForm(OIDC_PATHS.token, `${new URLSearchParams(codeGrant).toString()}&x${control}y=1`),
        400,
        'invalid_request',
        `token name ${control}`,
      );
      await expectOauthError(
        await postForm(OIDC_PATHS.revocation, withRaw({}, 'token', raw)),
        400,
        'invalid_request',
        `revocation ${control}`,
      );
      await expectOauthError(
        await postForm(OIDC_PATHS.userinfo, withRaw({}, 'access_token', raw), {}),
        400,
        'invalid_request',
        `userinfo body ${control}`,
      );
      await expectOauthError(
        await fetch(`${server.url}${OIDC_PATHS.userinfo}?${withRaw({}, 'scope', raw)}`, {
          headers: { Authorization: 'Bearer some-token' },
        }),
        400,
        'invalid_request',
        `userinfo query ${control}`,
      );
      for (const name of ['state', 'post_logout_redirect_uri', 'client_id', 'id_token_hint']) {
        const res = await fetch(`${server.url}${OIDC_PATHS.endSession}?${withRaw(logout, name, raw)}`, {
          redirect: 'manual',
          headers: { Accept: 'application/json' },
        });
        await expectOauthError(res, 400, 'invalid_request', `end session ${name} ${control}`);
      }
      await expectOauthError(
        await fetch(`${server.url}${OIDC_PATHS.endSession}/success?${withRaw({}, 'client_id', raw)}`),
        400,
        'invalid_request',
        `end session success ${control}`,
      );
      // A browser gets the provider's error page.
      const page = await fetch(`${server.url}${OIDC_PATHS.endSession}?${withRaw(logout, 'state', raw)}`, {
        redirect: 'manual',
        headers: { Accept: 'text/html' },
      });
      assert.equal(page.status, 400);
      assert.match(await page.text(), /<strong>error<\/strong>: invalid_request/);

      // The authorization endpoint, once the app and its redirect URI are known good, answers at the app's redirect
      // URI.
      for (const name of ['state', 'nonce', 'scope', 'code_challenge', 'prompt']) {
        const res = await fetch(`${server.url}${OIDC_PATHS.authorization}?${withRaw(authorize, name, raw)}`, {
          redirect: 'manual',
        });
        assert.equal(res.status, 303, `authorize ${name} ${control}`);
        const back = new URL(res.headers.get('Location')!);
        assert.equal(`${back.origin}${back.pathname}`, CALLBACK);
        assert.equal(back.searchParams.get('error'), 'invalid_request', `authorize ${name} ${control}`);
        assert.equal(back.searchParams.get('iss'), server.url);
      }
      // Without a known app, or with a redirect URI that is not the app's own, the error page and no redirect. An
      // unregistered redirect URI is named as such, as for any other request that names one.
      const unknownApp = await fetch(
        `${server.url}${OIDC_PATHS.authorization}?${withRaw(authorize, 'client_id', raw)}`,
        { redirect: 'manual' },
      );
      assert.equal(unknownApp.status, 400);
      assert.equal(unknownApp.headers.get('Location'), null);
      assert.match(await unknownApp.text(), /<strong>error<\/strong>: invalid_request/);
      const foreignRedirect = `${encodeURIComponent(CALLBACK)}${control}`;
      const foreign = await fetch(
        `${server.url}${OIDC_PATHS.authorization}?${withRaw(authorize, 'redirect_uri', foreignRedirect)}`,
        { redirect: 'manual' },
      );
      assert.equal(foreign.status, 400);
      assert.equal(foreign.headers.get('Location'), null);
      assert.match(await foreign.text(), /<strong>error<\/strong>: invalid_redirect_uri/);
    }
    // Beyond the parameters: a NUL in a Basic authorization's client id (form-encoded there, RFC 6749 section 2.3.1) is
    // oidc-provider's own invalid_request; one in an interaction id in the path fails its interaction cookie check.
    const nulClient = basicAuth(THIRD_PARTY.client_secret, `${THIRD_PARTY.client_id}%00`);
    await expectOauthError(
      await postForm(OIDC_PATHS.token, new URLSearchParams(codeGrant).toString(), { Authorization: nulClient }),
      400,
      'invalid_request',
      'basic NUL',
    );
    const resume = await fetch(`${server.url}${OIDC_PATHS.authorization}/abc%00`, { redirect: 'manual' });
    assert.ok(resume.status >= 400 && resume.status < 500, `resume: ${resume.status}`);
  });

  it('every answer of the OpenID provider carries X-Content-Type-Options: nosniff', async () => {
    const answers: [string, Response][] = [
      ['discovery', await fetch(`${server.url}${OIDC_PATHS.discovery}`)],
      ['jwks', await fetch(`${server.url}${OIDC_PATHS.jwks}`)],
      [
        'authorization error page',
        await fetch(`${server.url}${OIDC_PATHS.authorization}?client_id=nobody`, { redirect: 'manual' }),
      ],
      [
        'authorization redirect',
        await fetch(oidc.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: 'openid' }), {
          redirect: 'manual',
        }),
      ],
      ['token error', await postForm(OIDC_PATHS.token, 'grant_type=authorization_code&code=nothing')],
      [
        'userinfo error',
        await fetch(`${server.url}${OIDC_PATHS.userinfo}`, { headers: { Authorization: 'Bearer nothing' } }),
      ],
      ['unknown protocol path', await fetch(`${server.url}/oauth2/nothing-here`)],
    ];
    for (const [label, res] of answers) {
      assert.ok(res.status < 500, `${label}: ${res.status}`);
      assert.equal(res.headers.get('X-Content-Type-Options'), 'nosniff', label);
      // Its HTML pages cannot be framed either, as the service's own cannot; no https PUBLIC_URL here, so no HSTS.
      if (res.headers.get('Content-Type')?.startsWith('text/html')) {
        assert.match(res.headers.get('Content-Security-Policy') ?? '', /frame-ancestors 'none'/, label);
      }
      assert.equal(res.headers.get('Strict-Transport-Security'), null, label);
      await res.arrayBuffer();
    }
  });

  it('with an https PUBLIC_URL its answers carry Strict-Transport-Security, errors that reach Koa too', async () => {
    const headers = new Map<string, string>();
    const ctx = {
      set: (name: string | Record<string, string>, value?: string) => {
        const entries: [string, string][] = typeof name === 'string' ? [[name, value ?? '']] : Object.entries(name);
        for (const [k, v] of entries) headers.set(k.toLowerCase(), v);
      },
      response: { get: (name: string) => headers.get(name.toLowerCase()) ?? '' },
    } as unknown as KoaContext;
    await responseHeaders('https://id.westlight.example')(
      ctx,
      async () => void ctx.set('Content-Type', 'text/html; charset=utf-8'),
    );
    assert.equal(headers.get('strict-transport-security'), STRICT_TRANSPORT_SECURITY);
    assert.equal(headers.get('content-security-policy'), FRAME_ANCESTORS_DIRECTIVE);
    const failing = new Error('the session could not be saved');
    await assert.rejects(responseHeaders('https://id.westlight.example')(ctx, () => Promise.reject(failing)));
    assert.deepEqual((failing as unknown as { headers: Record<string, string> }).headers, {
      'X-Content-Type-Options': 'nosniff',
      'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY,
    });
  });

  /** Runs `fn` while every statement on oidc-provider's table fails, and collects what was logged as an error. */
  async function withFailingStore(fn: () => Promise<void>): Promise<unknown[][]> {
    const db = server.service.db;
    const original = db.query;
    const query = original.bind(db);
    const logged: unknown[][] = [];
    const consoleError = console.error;
    db.query = <T>(sql: string, params?: unknown[]): Promise<T[]> =>
      sql.includes('oidc_payloads') ? Promise.reject(new Error('the store is down')) : query<T>(sql, params);
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      await fn();
    } finally {
      db.query = original;
      console.error = consoleError;
    }
    return logged;
  }

  const loggedAsUnexpected = (logged: unknown[][]) =>
    logged.filter(
      ([prefix, error]) =>
        prefix === '[identity service] unexpected error' &&
        error instanceof Error &&
        error.message === 'the store is down',
    );

  it('a 500 of a protocol endpoint is logged as the service’s unexpected errors are', async () => {
    const logged = await withFailingStore(async () => {
      const res = await postForm(
        OIDC_PATHS.token,
        new URLSearchParams({ grant_type: 'authorization_code', code: 'a-code', redirect_uri: CALLBACK }).toString(),
      );
      await expectOauthError(res, 500, 'server_error', 'token with the store down');
      assert.equal(res.headers.get('X-Content-Type-Options'), 'nosniff');
    });
    assert.equal(loggedAsUnexpected(logged).length, 1, JSON.stringify(logged.map(([prefix]) => prefix)));
  });

  it(
    'a 500 that escapes the protocol routes (the session save after end session) is logged ' +
      'too, and carries nosniff',
    async () => {
      let status = 0;
      let nosniff: string | null = null;
      let body = '';
      const logged = await withFailingStore(async () => {
        const res = await fetch(oidc.buildEndSessionUrl(config, { post_logout_redirect_uri: AFTER_LOGOUT }), {
          redirect: 'manual',
        });
        status = res.status;
        nosniff = res.headers.get('X-Content-Type-Options');
        body = await res.text();
      });
      // Koa's own answer: the error escaped every route handler.
      assert.deepEqual([status, body], [500, 'Internal Server Error']);
      assert.equal(nosniff, 'nosniff');
      // End session saves its session twice: inside the route (its handler answers server_error) and once more after
      // it, where the failure escapes to Koa. Both are logged.
      assert.equal(loggedAsUnexpected(logged).length, 2, JSON.stringify(logged.map(([prefix]) => prefix)));
      assert.equal(logged.length, 2);
    },
  );

  it('a failed PKCE check spends the code: the right verifier afterwards gets invalid_grant too', async () => {
    const s = await signIn(t);
    const earlier = await redeem(await consent(s, 'openid offline_access'));
    const flow = await consent(s, 'openid offline_access');
    const code = flow.redirect.searchParams.get('code')!;
    const exchange = (verifier?: string) =>
      postForm(
        OIDC_PATHS.token,
        new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: CALLBACK,
          ...(verifier === undefined ? {} : { code_verifier: verifier }),
        }).toString(),
      );
    await expectOauthError(await exchange(oidc.randomPKCECodeVerifier()), 400, 'invalid_grant', 'wrong verifier');
    await expectOauthError(await exchange(flow.verifier), 400, 'invalid_grant', 'right verifier after a wrong one');
    // A missing verifier fails the check too.
    const second = await consent(s, 'openid');
    await expectOauthError(
      await postForm(
        OIDC_PATHS.token,
        new URLSearchParams({
          grant_type: 'authorization_code',
          code: second.redirect.searchParams.get('code')!,
          redirect_uri: CALLBACK,
        }).toString(),
      ),
      400,
      'invalid_grant',
      'no verifier',
    );
    await assert.rejects(redeem(second), (error: oidc.ResponseBodyError) => error.error === 'invalid_grant');
    // The code is gone, not replayed: the user's other sign-in to the app keeps its tokens.
    assert.ok((await oidc.refreshTokenGrant(config, earlier.refresh_token!)).access_token);
  });

  it(
    'signing out ends the app’s tokens from that session: RP-initiated logout and the SDK’s ' + 'sessions/revoke',
    async () => {
      const email = uniqueEmail('reader');
      const laptop = await signIn(t, email);
      const phone = await signIn(t, email);
      const laptopTokens = await redeem(await consent(laptop, 'openid offline_access'));
      const pendingCode = await consent(laptop, 'openid');
      const phoneTokens = await redeem(await consent(phone, 'openid offline_access'));

      // The app logs the laptop out (RP-initiated logout); the logout page needs no question (the hint names the user)
      // and revokes the session as the widget does.
      const handOver = await fetch(
        oidc.buildEndSessionUrl(config, {
          id_token_hint: laptopTokens.id_token!,
          post_logout_redirect_uri: AFTER_LOGOUT,
        }),
        { redirect: 'manual' },
      );
      assert.equal(new URL(handOver.headers.get('Location')!).pathname, '/oauth/logout');
      const body = {
        client_id: THIRD_PARTY.client_id,
        post_logout_redirect_uri: AFTER_LOGOUT,
        id_token_hint: laptopTokens.id_token,
      };
      const start = await dataOf<LogoutStartResponse>(await sdk(IDP_PATHS.logoutStart, body, laptop.sessionToken));
      assert.equal(start.consent_required, false);
      await dataOf(await post(t, PATHS.sessionsRevoke, {}, { sessionToken: laptop.sessionToken }));

      await assert.rejects(
        oidc.refreshTokenGrant(config, laptopTokens.refresh_token!),
        (error: oidc.ResponseBodyError) => error.error === 'invalid_grant',
      );
      const userinfo = await fetch(`${server.url}${OIDC_PATHS.userinfo}`, {
        headers: { Authorization: `Bearer ${laptopTokens.access_token}` },
      });
      assert.equal(userinfo.status, 401);
      await assert.rejects(redeem(pendingCode), (error: oidc.ResponseBodyError) => error.error === 'invalid_grant');

      // The phone's session is another sign-in: its tokens live on, until the student signs out there too.
      const refreshed = await oidc.refreshTokenGrant(config, phoneTokens.refresh_token!);
      assert.ok(refreshed.access_token);
      await dataOf(await post(t, PATHS.sessionsRevoke, {}, { sessionToken: phone.sessionToken }));
      await assert.rejects(
        oidc.refreshTokenGrant(config, refreshed.refresh_token ?? phoneTokens.refresh_token!),
        (error: oidc.ResponseBodyError) => error.error === 'invalid_grant',
      );
    },
  );
});
