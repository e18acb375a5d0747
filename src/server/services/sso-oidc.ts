// OpenID Connect connections, through openid-client: the start (authorization code with PKCE, state and nonce) and
// the callback (state used up once, then the code exchange, whose ID token openid-client checks: signature by the
// IdP's keys, issuer, audience, expiry, nonce). Only the state's digest is stored: the nonce and our PKCE verifier
// towards the IdP are derived from the state itself, so nothing in the database can finish a sign-in without it.
import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import { OIDC_SSO_SCOPES } from '../constants/sso.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { normalizeEmail } from '../http/validate.ts';
import { message, verbatim } from '../i18n/message.ts';
import { open } from '../security/encryption.ts';
import { hashToken, newSecretToken } from '../security/tokens.ts';
import { ssoClientSecretContext, type SsoConnectionRow } from '../store/sso-connections.ts';
import { consumeSsoState } from '../store/sso-flows.ts';
import type { SsoCallbackQuery } from '../routes/sso.schemas.ts';
import { isLoopbackHttp } from './oauth-clients.ts';
import {
  activeConnection,
  completeSso,
  rememberSsoStart,
  type SsoFlowTarget,
  connectionUrl,
  serviceProviderUrls,
} from './sso-flow.ts';

/** A secret for one purpose derived from the state: unguessable without the state, and never stored. */
function fromState(state: string, purpose: 'nonce' | 'pkce'): string {
  return createHash('sha256').update(`sso-oidc-${purpose}:${state}`, 'utf8').digest('base64url');
}

/**
 * The connection's client at its IdP: discovery from the issuer, with any endpoint the connection names taking the
 * place of the discovered one (an IdP whose discovery document lacks one, or a proxy in front of it).
 */
async function oidcConfiguration(deps: Deps, connection: SsoConnectionRow, origin: string) {
  const url = (value: string) => (value ? connectionUrl(value, origin) : undefined);
  const issuer = connectionUrl(connection.issuer, origin);
  // openid-client refuses plain http; an IdP on the loopback interface (development's stand-in) never crosses a
  // network.
  const options = isLoopbackHttp(issuer) ? { execute: [client.allowInsecureRequests] } : undefined;
  const secret = connection.client_secret
    ? open(deps.secrets, connection.client_secret, ssoClientSecretContext(connection.id))
    : undefined;
  try {
    const discovered = await client.discovery(new URL(issuer), connection.client_id, secret, undefined, options);
    const explicit = {
      authorization_endpoint: url(connection.authorization_url),
      token_endpoint: url(connection.token_url),
      userinfo_endpoint: url(connection.userinfo_url),
      jwks_uri: url(connection.jwks_url),
    };
    const server = { ...(JSON.parse(JSON.stringify(discovered.serverMetadata())) as client.ServerMetadata) };
    for (const [key, value] of Object.entries(explicit)) if (value) Object.assign(server, { [key]: value });
    const configuration = new client.Configuration(server, connection.client_id, secret);
    if (options) client.allowInsecureRequests(configuration);
    return configuration;
  } catch (error) {
    console.error(`[identity service] SSO connection ${connection.id}: the OIDC provider could not be set up`, error);
    throw Errors.oidcAuthCodeError(message('oidcProviderUnreachable'));
  }
}

/** The start: the state row (its digest), then the IdP's authorization URL. */
export async function startOidc(
  deps: Deps,
  connection: SsoConnectionRow,
  flow: SsoFlowTarget,
  origin: string,
): Promise<string> {
  const configuration = await oidcConfiguration(deps, connection, origin);
  const state = newSecretToken();
  await rememberSsoStart(deps, connection.id, flow, { state, requestId: null });
  const scopes = [...new Set([...OIDC_SSO_SCOPES, ...connection.custom_scopes.split(' ').filter(Boolean)])];
  return client.buildAuthorizationUrl(configuration, {
    ...flow.providerParams,
    redirect_uri: serviceProviderUrls(origin, connection.id).callbackUrl,
    scope: scopes.join(' '),
    state,
    nonce: fromState(state, 'nonce'),
    code_challenge: await client.calculatePKCECodeChallenge(fromState(state, 'pkce')),
    code_challenge_method: 'S256',
  }).href;
}

/**
 * GET /v1/b2b/sso/callback/:connection_id with the code: uses the state up (an unknown, used or expired one, or one of
 * another connection, is `unsolicited_oidc_response`), exchanges the code, and completes with the address the IdP
 * vouches for. A visitor who declined at the IdP goes back to the login page without a token.
 */
export async function finishOidcCallback(
  deps: Deps,
  connectionId: string,
  query: SsoCallbackQuery,
  search: string,
  origin: string,
): Promise<string> {
  const connection = await activeConnection(deps, connectionId);
  if (connection.kind !== 'oidc') throw Errors.ssoConnectionNotFound();
  const { state } = query;
  if (!state) throw Errors.unsolicitedOidcResponse();
  const row = await consumeSsoState(deps.db, {
    stateHash: hashToken(state),
    connectionId: connection.id,
    requestIdHash: null,
    now: deps.config.now(),
  });
  if (!row) throw Errors.unsolicitedOidcResponse();
  if (query.error) return row.login_redirect_url;

  const configuration = await oidcConfiguration(deps, connection, origin);
  // The redirect URI sent with the code must be the one the IdP knows, so the URL is rebuilt on our own origin.
  const currentUrl = new URL(`${serviceProviderUrls(origin, connection.id).callbackUrl}${search}`);
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      expectedState: state,
      expectedNonce: fromState(state, 'nonce'),
      pkceCodeVerifier: fromState(state, 'pkce'),
      idTokenExpected: true,
    });
    claims = { ...(tokens.claims() ?? {}) };
    if (configuration.serverMetadata().userinfo_endpoint) {
      // Profile claims an IdP releases only at userinfo; the ID token's claims win, and its subject must match.
      const userinfo = await client
        .fetchUserInfo(configuration, tokens.access_token, String(claims.sub))
        .catch(() => ({}));
      claims = { ...userinfo, ...claims };
    }
  } catch (error) {
    throw Errors.oidcAuthCodeError(
      error instanceof Error ? verbatim(error.message) : message('oidcCodeExchangeFailed'),
    );
  }
  return completeSso(deps, connection, row, oidcIdentity(connection, claims));
}

/** The member the ID token (and userinfo) names, through the connection's attribute mapping or the standard claims. */
function oidcIdentity(connection: SsoConnectionRow, claims: Record<string, unknown>) {
  const claim = (field: string, fallback: string) => {
    const value = claims[connection.attribute_mapping[field] ?? fallback];
    return typeof value === 'string' ? value.trim() : '';
  };
  const rawEmail = claim('email', 'email');
  if (!rawEmail) throw Errors.oidcResponseEmailMissing();
  // An IdP that says the address is unverified is believed; one that says nothing (Microsoft Entra) vouches for the
  // addresses of its own directory.
  if (claims.email_verified === false || claims.email_verified === 'false') throw Errors.oidcResponseUnverifiedEmail();
  let email: string;
  try {
    email = normalizeEmail(rawEmail);
  } catch {
    throw Errors.oidcResponseEmailMissing();
  }
  const name =
    claim('full_name', 'name') ||
    [claim('first_name', 'given_name'), claim('last_name', 'family_name')].filter(Boolean).join(' ');
  return { email, name, externalId: String(claims.sub) };
}
