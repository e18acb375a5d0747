// Registering connected apps: CONNECTED_APPS parsed from the environment, every app checked at start with a message
// naming it, and the provider in production: the issuer is PUBLIC_URL, whatever Host a request carries.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OIDC_PATHS } from '../../src/api/idp.ts';
import { resolveConfig, type ConnectedAppConfig } from '../../src/server/config.ts';
import { connectedAppsFromEnv, serviceOptionsFromEnv } from '../../src/server/env-options.ts';
import { startServer } from '../../src/server/listen.ts';
import { CONNECTED_APPS, LISTED_ONLY, PUBLIC_APP, THIRD_PARTY } from './idp-fixtures.ts';
import { TEST_SECRET_KEY } from './support.ts';

describe('CONNECTED_APPS and the identity-provider pages from the environment', () => {
  it('reads the JSON array and the two page URLs', () => {
    const options = serviceOptionsFromEnv(
      {
        CONNECTED_APPS: JSON.stringify(CONNECTED_APPS),
        IDP_AUTHORIZE_URL: 'https://westlight.edu/sign-in-with-westlight',
        IDP_LOGOUT_URL: 'https://westlight.edu/sign-out',
      },
      '/repo',
    );
    assert.deepEqual(options.connectedApps, CONNECTED_APPS);
    assert.equal(options.idpAuthorizeUrl, 'https://westlight.edu/sign-in-with-westlight');
    assert.equal(options.idpLogoutUrl, 'https://westlight.edu/sign-out');
    const none = serviceOptionsFromEnv({}, '/repo');
    assert.equal(none.connectedApps, undefined);
    assert.equal(none.idpAuthorizeUrl, undefined);
  });

  it('refuses malformed values with the variable’s name', () => {
    assert.equal(connectedAppsFromEnv('  '), undefined);
    assert.throws(() => connectedAppsFromEnv('[{'), /^Error: CONNECTED_APPS must be a JSON array of connected apps: /);
    assert.throws(() => connectedAppsFromEnv('{"client_id":"x"}'), {
      message:
        'CONNECTED_APPS must be a JSON array of connected apps (objects with client_id, name, client_type, ...).',
    });
    assert.throws(
      () => connectedAppsFromEnv('["x"]'),
      /CONNECTED_APPS must be a JSON array of connected apps \(objects/,
    );
    assert.throws(() => serviceOptionsFromEnv({ IDP_LOGOUT_URL: '/oauth/logout' }, '/repo'), {
      message: 'IDP_LOGOUT_URL must be an absolute URL, got /oauth/logout',
    });
  });
});

describe('connected apps checked at start', () => {
  const refuse = (app: Partial<ConnectedAppConfig>, message: string) =>
    assert.throws(() => resolveConfig({ connectedApps: [app as ConnectedAppConfig] }), { message });

  it('accepts authorizable apps and apps only listed for connected apps', () => {
    assert.equal(resolveConfig({ connectedApps: CONNECTED_APPS }).connectedApps.length, CONNECTED_APPS.length);
  });

  it('names the app and what is wrong', () => {
    refuse(
      { ...THIRD_PARTY, client_secret: undefined },
      'Connected app westlight-library is confidential (third_party) and needs a client_secret.',
    );
    refuse(
      { ...PUBLIC_APP, client_secret: 'x' },
      'Connected app westlight-mobile is a public client (third_party_public) and must not have a client_secret.',
    );
    refuse(
      { ...THIRD_PARTY, redirect_uris: ['/callback'] },
      'Connected app westlight-library: redirect_uris has "/callback", which is not an absolute URL.',
    );
    refuse(
      { ...THIRD_PARTY, post_logout_redirect_uris: ['https://a.example/#x'] },
      'Connected app westlight-library: post_logout_redirect_uris has "https://a.example/#x", which has a fragment.',
    );
    refuse(
      { ...THIRD_PARTY, client_type: 'partner' as ConnectedAppConfig['client_type'] },
      'Connected app westlight-library: client_type must be one of first_party, third_party, ' +
        'first_party_public, third_party_public.',
    );
    refuse({ ...THIRD_PARTY, client_id: '' }, 'Every connected app needs a client_id.');
    refuse({ ...THIRD_PARTY, name: '' }, 'Connected app westlight-library needs a name.');
    refuse(
      { ...LISTED_ONLY, description: undefined as unknown as string },
      'Connected app grades-sync needs a description (may be empty).',
    );
    assert.throws(() => resolveConfig({ connectedApps: [THIRD_PARTY, THIRD_PARTY] }), {
      message: 'Connected app westlight-library is listed twice.',
    });
  });
});

describe('a mobile app with its own URI scheme', () => {
  it('is registered as a native app, so the authorization endpoint accepts its redirect URI', async () => {
    const callback = 'edu.westlight.app:/callback';
    const server = await startServer({
      port: 0,
      database: { kind: 'memory' },
      connectedApps: [{ ...PUBLIC_APP, redirect_uris: [callback] }],
    });
    try {
      const query = new URLSearchParams({
        client_id: PUBLIC_APP.client_id,
        redirect_uri: callback,
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      });
      const res = await fetch(`${server.url}${OIDC_PATHS.authorization}?${query}`, { redirect: 'manual' });
      assert.equal(res.status, 303);
      assert.equal(new URL(res.headers.get('Location')!).searchParams.get('redirect_uri'), callback);
    } finally {
      await server.close();
    }
  });
});

describe('the provider in production', () => {
  it('uses PUBLIC_URL as the issuer and for every endpoint, not the request’s Host', async () => {
    const publicUrl = 'https://id.westlight.example';
    const lines: { path: string; status: number }[] = [];
    const server = await startServer({
      mode: 'production',
      secretKey: TEST_SECRET_KEY,
      publicUrl,
      database: { kind: 'memory' },
      requestLog: (line) => lines.push(JSON.parse(line) as { path: string; status: number }),
      connectedApps: CONNECTED_APPS,
    });
    try {
      const res = await fetch(`${server.url}${OIDC_PATHS.discovery}`);
      assert.equal(res.status, 200);
      const meta = (await res.json()) as Record<string, string>;
      assert.equal(meta.issuer, publicUrl);
      assert.equal(meta.authorization_endpoint, `${publicUrl}${OIDC_PATHS.authorization}`);
      assert.equal(meta.token_endpoint, `${publicUrl}${OIDC_PATHS.token}`);
      assert.equal(meta.jwks_uri, `${publicUrl}${OIDC_PATHS.jwks}`);
      const spoofed = await fetch(`${server.url}${OIDC_PATHS.discovery}`, {
        headers: { 'X-Forwarded-Host': 'evil.example' },
      });
      assert.equal(
        ((await spoofed.json()) as Record<string, string>).token_endpoint,
        `${publicUrl}${OIDC_PATHS.token}`,
      );
      const authorizeQuery = new URLSearchParams({
        client_id: THIRD_PARTY.client_id,
        redirect_uri: THIRD_PARTY.redirect_uris![0]!,
        response_type: 'code',
        scope: 'openid',
      });
      const authorize = await fetch(`${server.url}${OIDC_PATHS.authorization}?${authorizeQuery}`, {
        redirect: 'manual',
      });
      assert.equal(authorize.status, 303);
      assert.equal(new URL(authorize.headers.get('Location')!).origin, publicUrl);
      // The request log has oidc-provider's own status, not a placeholder.
      assert.deepEqual(
        lines.filter((l) => l.path === OIDC_PATHS.authorization).map((l) => l.status),
        [303],
      );
    } finally {
      await server.close();
    }
  });
});
