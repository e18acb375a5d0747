// Enterprise SSO for the service tests: connections written as the configuration writes them, the browser's part of a
// sign-in (start, the identity provider's answer, the redirect back with the sso token), and SAML Responses built and
// signed with the test's own keys by the SAML stand-in's helpers.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import type { MemberAuthenticateResponse } from '../../src/api/organizations.ts';
import { SSO_PATHS, SSO_START_PATH, SSO_TOKEN_TYPE } from '../../src/api/sso.ts';
import { DEFAULT_B2B_PUBLIC_TOKEN } from '../../src/server/constants/project.ts';
import { DEV_SECRET_KEY } from '../../src/server/constants/secrets.ts';
import {
  samlResponseXml,
  signSamlXml,
  type SamlResponseFields,
  type SamlSigningIdentity,
} from '../../src/server/dev/saml-stand-in.ts';
import { deriveSecretKeys, type SecretKeys } from '../../src/server/security/secret-keys.ts';
import { writeSsoConnection, type SsoConnectionConfig } from '../../src/server/services/sso-config.ts';
import { b2bPost } from './organizations-support.ts';
import { dataOf, PORTAL_URL, type TestService } from './support.ts';

/** The keys of a development service (no AUTH_SECRET_KEY): what its connections' secrets are sealed under. */
export const devSecrets: SecretKeys = deriveSecretKeys(DEV_SECRET_KEY);

/** The origin `app.request` reaches the service at: the base of every URL the service builds for a connection. */
export const APP_ORIGIN = 'http://localhost';

export function acsUrl(connectionId: string, origin = APP_ORIGIN): string {
  return `${origin}/v1/b2b/sso/callback/${connectionId}`;
}

export function spEntityId(connectionId: string, origin = APP_ORIGIN): string {
  return `${origin}/v1/b2b/sso/saml/metadata/${connectionId}`;
}

/** A connection written as the configuration writes one (the organization must exist). */
export async function writeConnection(
  t: TestService,
  connection: SsoConnectionConfig,
  secrets: SecretKeys = devSecrets,
): Promise<void> {
  await writeSsoConnection(t.service.db, secrets, connection, 'configured', t.now());
}

export function uniqueConnectionId(kind: 'saml' | 'oidc'): string {
  return `${kind}-connection-test-${randomUUID()}`;
}

/** A started SAML sign-in, as the IdP receives it: the AuthnRequest's ID and the RelayState. */
export interface SamlStart {
  requestId: string;
  relayState: string;
  /** The IdP URL the start redirected to. */
  location: URL;
}

/** GET /v1/public/sso/start as the SDK navigates to it; answers the raw response. */
export function ssoStart(t: TestService, params: Record<string, string>, accept = 'text/html'): Promise<Response> {
  const query = new URLSearchParams({
    public_token: DEFAULT_B2B_PUBLIC_TOKEN,
    login_redirect_url: PORTAL_URL,
    ...params,
  });
  return Promise.resolve(t.service.app.request(`${SSO_START_PATH}?${query}`, { headers: { Accept: accept } }));
}

/** Starts a SAML sign-in and reads the AuthnRequest the service sent the IdP. */
export async function startSaml(t: TestService, connectionId: string, params: Record<string, string> = {}) {
  const res = await ssoStart(t, { connection_id: connectionId, ...params });
  assert.equal(res.status, 302, `the start redirects to the IdP: ${await res.clone().text()}`);
  const location = new URL(res.headers.get('Location') ?? '');
  const request = inflateRawSync(Buffer.from(location.searchParams.get('SAMLRequest') ?? '', 'base64')).toString();
  const requestId = /\sID="([^"]+)"/.exec(request)?.[1];
  const relayState = location.searchParams.get('RelayState');
  assert.ok(requestId && relayState, 'the AuthnRequest has an ID and the start a RelayState');
  return { requestId, relayState, location, request } satisfies SamlStart & { request: string };
}

/** The fields of a Response that a correct IdP sends for this start, with `overrides`. */
export function responseFields(
  t: TestService,
  connectionId: string,
  start: SamlStart,
  email: string,
  overrides: Partial<SamlResponseFields> = {},
): SamlResponseFields {
  const now = t.now();
  return {
    issuer: 'https://idp.example.test/entity',
    destination: acsUrl(connectionId),
    responseInResponseTo: start.requestId,
    recipient: acsUrl(connectionId),
    inResponseTo: start.requestId,
    audience: spEntityId(connectionId),
    nameId: email,
    attributes: { email, first_name: 'Grace', last_name: 'Hopper' },
    issuedAt: now,
    notBefore: now,
    notOnOrAfter: now + 5 * 60_000,
    ...overrides,
  };
}

/** The base64 SAMLResponse of these fields: signed on the assertion, the Response, both, or not at all. */
export function encodedResponse(
  fields: SamlResponseFields,
  identity: SamlSigningIdentity | null,
  sign: 'Assertion' | 'Response' | 'both' = 'Assertion',
): string {
  let xml = samlResponseXml(fields);
  if (identity && (sign === 'Assertion' || sign === 'both')) xml = signSamlXml(xml, identity, 'Assertion');
  if (identity && (sign === 'Response' || sign === 'both')) xml = signSamlXml(xml, identity, 'Response');
  return encode(xml);
}

export function encode(xml: string): string {
  return Buffer.from(xml, 'utf8').toString('base64');
}

/** The IdP's page posting the Response to the ACS (HTTP-POST binding). */
export function postAcs(t: TestService, connectionId: string, samlResponse: string, relayState: string) {
  return Promise.resolve(
    t.service.app.request(acsUrl(connectionId), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
    }),
  );
}

/** The sso token of a redirect back to the site, checking where it goes. */
export function ssoTokenOf(res: Response, expectedTarget: string = PORTAL_URL): string {
  assert.equal(res.status, 302, `a redirect back to the site, got ${res.status}`);
  const location = new URL(res.headers.get('Location') ?? '');
  assert.equal(`${location.origin}${location.pathname}`, expectedTarget);
  assert.equal(location.searchParams.get('stytch_token_type'), SSO_TOKEN_TYPE);
  const token = location.searchParams.get('token');
  assert.ok(token, 'the redirect carries the sso token');
  return token;
}

/** A refused navigation: its status and the error type the error page shows. */
export async function expectErrorPage(res: Response, status: number, errorType: string): Promise<string> {
  const html = await res.text();
  assert.equal(res.status, status, html.slice(0, 500));
  assert.equal(/<code id="error-type">([^<]+)<\/code>/.exec(html)?.[1], errorType);
  return html;
}

/** POST /sdk/v1/b2b/sso/authenticate. */
export function ssoAuthenticate(t: TestService, body: Record<string, unknown>): Promise<Response> {
  return b2bPost(t, SSO_PATHS.authenticate, { session_duration_minutes: 30, ...body });
}

export async function ssoAuthenticated(
  t: TestService,
  body: Record<string, unknown>,
): Promise<MemberAuthenticateResponse> {
  return dataOf<MemberAuthenticateResponse>(await ssoAuthenticate(t, body));
}
