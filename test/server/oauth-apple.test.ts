// Sign in with Apple against a local stand-in (oidc-provider, as the Google test uses) that behaves as Apple does:
// the answer comes back as a form POSTed to the callback (response_mode=form_post), the client authenticates at the
// token endpoint with a client secret that is an ES256 JWT it signed (team id, key id, client id), and the name
// arrives once, in the POSTed `user` field. The stand-in's token endpoint checks the JWT as Apple does before the
// provider sees the request.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import { APPLE_CLIENT_SECRET_LIFETIME_S, APPLE_SCOPES } from '../../src/server/constants/social.ts';
import { APPLE_KEY_ENV, oauthOptionsFromEnv } from '../../src/server/env-options.ts';
import { resolveConfig, type OAuthProviderCredentials } from '../../src/server/config.ts';
import { Browser, location, startOidcStandIn, submitForm, type OidcStandIn } from './oidc-stand-in.ts';
import { dataOf, PAGE_ORIGIN, PORTAL_URL, post, startTestService, type TestService } from './support.ts';

const CLIENT_ID = 'edu.westlight.signin';
const TEAM_ID = 'WLTEAM1234';
const KEY_ID = 'WLKEY56789';
/** What the stand-in's provider checks after the front has verified the JWT (oidc-provider knows no JWT secrets). */
const PROVIDER_SECRET = 'apple-stand-in-provider-secret-0123456789abcdef';
const SERVICE_ORIGIN = 'http://localhost';
const CALLBACK_URL = `${SERVICE_ORIGIN}/v1/public/oauth/apple/callback`;
const HOME_URL = `${PAGE_ORIGIN}/`;
const TOKEN_FRONT_PATH = '/apple/token';
const PROVIDER_TOKEN_PATH = '/token';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const PRIVATE_KEY_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

interface SecretSeen {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
}

let t: TestService;
let standIn: OidcStandIn;
let issuer: string;
const secretsSeen: SecretSeen[] = [];

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** The client secret JWT, checked as Apple checks it: ES256 over header.claims with the key the portal issued. */
function verifiedSecret(jwt: string, key: KeyObject): SecretSeen | null {
  const [header, claims, signature] = jwt.split('.');
  if (!header || !claims || !signature) return null;
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) return null;
  const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;
  return { header: decode(header), claims: decode(claims) };
}

/** Apple's token endpoint in front of the provider's: a valid JWT secret is swapped for the provider's own secret. */
async function appleTokenFront(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (req.method !== 'POST' || req.url !== TOKEN_FRONT_PATH) return false;
  const form = new URLSearchParams(await readBody(req));
  const seen = verifiedSecret(form.get('client_secret') ?? '', publicKey);
  const now = Math.floor(Date.now() / 1000);
  const valid =
    seen !== null &&
    seen.header.alg === 'ES256' &&
    seen.header.kid === KEY_ID &&
    seen.claims.iss === TEAM_ID &&
    seen.claims.sub === CLIENT_ID &&
    seen.claims.aud === issuer &&
    form.get('client_id') === CLIENT_ID &&
    Number(seen.claims.iat) <= now + 5 &&
    Number(seen.claims.exp) > now;
  if (!valid) {
    res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'invalid_client' }));
    return true;
  }
  secretsSeen.push(seen);
  form.set('client_secret', PROVIDER_SECRET);
  const answer = await fetch(`${issuer}${PROVIDER_TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  res
    .writeHead(answer.status, { 'Content-Type': answer.headers.get('Content-Type') ?? 'application/json' })
    .end(await answer.text());
  return true;
}

before(async () => {
  standIn = await startOidcStandIn(
    () => ({
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: PROVIDER_SECRET,
          redirect_uris: [CALLBACK_URL],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      // Apple's scopes: `name` and `email`; the ID token carries the address but never the name.
      scopes: ['openid', 'email', 'name'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      findAccount: (_ctx: unknown, id: string) => ({
        accountId: id,
        claims: () => ({ sub: id, email: `${id}@privaterelay.example`, email_verified: true }),
      }),
      cookies: { keys: ['test-only-cookie-key'] },
    }),
    appleTokenFront,
  );
  issuer = standIn.issuer;
  t = await startTestService({
    oauthProviders: {
      apple: {
        issuer,
        clientId: CLIENT_ID,
        // Apple's token endpoint; the stand-in's discovery names the provider's own, behind the JWT check.
        tokenEndpoint: `${issuer}${TOKEN_FRONT_PATH}`,
        appleSigningKey: { teamId: TEAM_ID, keyId: KEY_ID, privateKey: PRIVATE_KEY_PEM },
      },
    },
  });
});

after(async () => {
  await t?.close();
  await standIn?.close();
});

/** The hidden fields of the auto-submitting form the provider answers with in form_post mode, and where it posts. */
function formPost(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  assert.ok(action, `a form_post page: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const input of html.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1];
    if (name && value !== undefined) fields[name] = value.replaceAll('&amp;', '&').replaceAll('&quot;', '"');
  }
  return { action: action.replaceAll('&amp;', '&'), fields };
}

/** Logs in and consents at the stand-in until it answers with the page that POSTs back to our callback. */
async function throughApple(
  browser: Browser,
  authorizationUrl: string,
  login: string,
): Promise<{ action: string; fields: Record<string, string> }> {
  let url = authorizationUrl;
  for (let step = 0; step < 12; step += 1) {
    const res = new URL(url).pathname.startsWith('/interaction/')
      ? await submitForm(browser, url, { login, password: 'anything' })
      : await browser.providerRequest(url);
    if (res.status === 200) return formPost(await res.text());
    url = location(res, url);
  }
  throw new Error('the provider never answered with its form_post page');
}

async function startApple(): Promise<URL> {
  const query = new URLSearchParams({
    public_token: DEFAULT_PUBLIC_TOKEN,
    login_redirect_url: HOME_URL,
    signup_redirect_url: PORTAL_URL,
  });
  const start = await t.service.app.request(`${SERVICE_ORIGIN}/v1/public/oauth/apple/start?${query}`);
  assert.equal(start.status, 302, await start.clone().text());
  return new URL(location(start, SERVICE_ORIGIN));
}

async function postCallback(fields: Record<string, string>, path = CALLBACK_URL): Promise<Response> {
  return t.service.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('Sign in with Apple', () => {
  it(
    "asks with response_mode=form_post and Apple's scopes, and signs in from the POSTed answer " +
      'with a JWT client secret',
    async () => {
      const authorizationUrl = await startApple();
      assert.equal(authorizationUrl.origin, issuer);
      assert.equal(authorizationUrl.searchParams.get('response_mode'), 'form_post');
      assert.equal(authorizationUrl.searchParams.get('scope'), APPLE_SCOPES.join(' '));
      assert.equal(authorizationUrl.searchParams.get('client_id'), CLIENT_ID);
      assert.equal(authorizationUrl.searchParams.get('redirect_uri'), CALLBACK_URL);

      const { action, fields } = await throughApple(new Browser(), authorizationUrl.href, 'mjackson');
      assert.equal(action, CALLBACK_URL);
      assert.ok(fields.code && fields.state, 'the form carries the code and state');
      // Apple adds the name, once, as JSON in the `user` field.
      const user = JSON.stringify({
        name: { firstName: 'Mary', lastName: 'Jackson' },
        email: 'mjackson@privaterelay.example',
      });
      secretsSeen.length = 0;
      const callback = await postCallback({ ...fields, user });
      assert.equal(callback.status, 302, await callback.clone().text());
      const back = new URL(location(callback, SERVICE_ORIGIN));
      assert.equal(`${back.origin}${back.pathname}`, PORTAL_URL, 'a new user lands on the sign-up URL');
      assert.equal(back.searchParams.get('stytch_token_type'), 'oauth');

      // The token request carried a client secret signed as Apple requires.
      assert.equal(secretsSeen.length, 1);
      const [secret] = secretsSeen;
      assert.deepEqual(secret!.header, { alg: 'ES256', kid: KEY_ID });
      assert.equal(secret!.claims.iss, TEAM_ID);
      assert.equal(secret!.claims.sub, CLIENT_ID);
      assert.equal(secret!.claims.aud, issuer);
      assert.equal(Number(secret!.claims.exp) - Number(secret!.claims.iat), APPLE_CLIENT_SECRET_LIFETIME_S);

      const data = await dataOf<{
        provider_subject: string;
        provider_type: string;
        user: { emails: { email: string; verified: boolean }[]; name: { first_name: string; last_name: string } };
      }>(await post(t, '/oauth/authenticate', { token: back.searchParams.get('token'), session_duration_minutes: 60 }));
      assert.equal(data.provider_subject, 'mjackson');
      assert.equal(data.provider_type, 'Apple');
      assert.deepEqual(
        data.user.emails.map((e) => [e.email, e.verified]),
        [['mjackson@privaterelay.example', true]],
      );
      assert.equal(data.user.name.first_name, 'Mary');
      assert.equal(data.user.name.last_name, 'Jackson');

      // The POSTed answer cannot be replayed.
      const replay = await postCallback({ ...fields, user });
      assert.equal(replay.status, 400);
      assert.match(await replay.text(), /oauth_state_not_found/);
    },
  );

  it('sends a visitor who cancelled at Apple (error POSTed) back to the login URL without a token', async () => {
    const state = (await startApple()).searchParams.get('state') ?? '';
    const res = await postCallback({ state, error: 'user_cancelled_authorize' });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('Location'), HOME_URL);
  });

  it('refuses a POSTed callback for a provider that answers by redirect, with 400 invalid_request', async () => {
    const res = await postCallback({ state: 'x', code: 'y' }, `${SERVICE_ORIGIN}/v1/public/oauth/google/callback`);
    assert.equal(res.status, 400);
    const body = await res.text();
    assert.match(body, /invalid_request/);
    assert.match(body, /only form_post providers \(Apple\) POST to the callback/);
  });

  it('reads the Apple key from OAUTH_APPLE_TEAM_ID, _KEY_ID and _PRIVATE_KEY (line breaks may be written \\n)', () => {
    const oneLine = PRIVATE_KEY_PEM.trim().replaceAll('\n', '\\n');
    const options = oauthOptionsFromEnv({
      OAUTH_APPLE_CLIENT_ID: CLIENT_ID,
      [APPLE_KEY_ENV.teamId]: TEAM_ID,
      [APPLE_KEY_ENV.keyId]: KEY_ID,
      [APPLE_KEY_ENV.privateKey]: oneLine,
    });
    assert.deepEqual(options.oauthProviders?.apple, {
      clientId: CLIENT_ID,
      appleSigningKey: { teamId: TEAM_ID, keyId: KEY_ID, privateKey: PRIVATE_KEY_PEM.trim() },
    });
    assert.throws(
      () => oauthOptionsFromEnv({ OAUTH_APPLE_CLIENT_ID: CLIENT_ID, [APPLE_KEY_ENV.teamId]: TEAM_ID }),
      /Set all of OAUTH_APPLE_TEAM_ID, OAUTH_APPLE_KEY_ID, OAUTH_APPLE_PRIVATE_KEY, or none\./,
    );
    assert.throws(
      () => oauthOptionsFromEnv({ OAUTH_APPLE_CLIENT_ID: CLIENT_ID }),
      /Set OAUTH_APPLE_CLIENT_ID with OAUTH_APPLE_TEAM_ID/,
    );
  });

  it('refuses at start a key that is not a P-256 private key, or Apple without a key or secret', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const apple = (credentials: Record<string, unknown>) => () =>
      resolveConfig({ oauthProviders: { apple: { clientId: CLIENT_ID, ...credentials } as OAuthProviderCredentials } });
    assert.throws(
      apple({ appleSigningKey: { teamId: TEAM_ID, keyId: KEY_ID, privateKey: rsa } }),
      /must be an elliptic-curve P-256 key/,
    );
    assert.throws(
      apple({ appleSigningKey: { teamId: TEAM_ID, keyId: KEY_ID, privateKey: 'not a key' } }),
      /not a PEM private key/,
    );
    assert.throws(
      apple({}),
      /oauthProviders\.apple needs an appleSigningKey \(team id, key id, private key\) or a clientSecret\./,
    );
  });
});
