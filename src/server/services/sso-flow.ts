// What every SSO connection kind shares: the connection a request names, the URLs the service has for it, and the
// completion every identity provider's answer ends in (the single-use sso token and the redirect back to the site).
import { SSO_CALLBACK_PATH, SSO_SAML_METADATA_PATH, SSO_TOKEN_TYPE } from '../../api/sso.ts';
import { SSO_STATE_LIFETIME_MS, SSO_TOKEN_LIFETIME_MS } from '../constants/sso.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { hashToken, newSecretToken } from '../security/tokens.ts';
import { findSsoConnection, type SsoConnectionRow } from '../store/sso-connections.ts';
import { insertSsoState, insertSsoToken, type SsoStateRow } from '../store/sso-flows.ts';
import { findMemberByEmail } from '../store/members.ts';
import { tokenUrl } from './magic-links.ts';

/** The connection a request names, if it exists and is active; one answer for both, so ids cannot be probed. */
export async function activeConnection(deps: Deps, connectionId: string): Promise<SsoConnectionRow> {
  const connection = await findSsoConnection(deps.db, connectionId);
  if (connection?.status !== 'active') throw Errors.ssoConnectionNotFound();
  return connection;
}

/** What the service is for one connection, on the origin the browser reaches it at (the configured public URL). */
export function serviceProviderUrls(origin: string, connectionId: string) {
  return {
    /** SAML: the Assertion Consumer Service (Destination, Recipient); OIDC: the redirect URI. */
    callbackUrl: `${origin}${SSO_CALLBACK_PATH(connectionId)}`,
    /** SAML: our entity id, the audience of every assertion, where our metadata is published. */
    entityId: `${origin}${SSO_SAML_METADATA_PATH(connectionId)}`,
  };
}

/**
 * A URL of the connection: absolute, or a path on the service's own origin (only development's stand-ins are stored
 * so; configured connections must give absolute URLs, services/sso-config.ts).
 */
export function connectionUrl(value: string, origin: string): string {
  return new URL(value, origin).href;
}

/** What the start fixed: the site's PKCE challenge, where the visitor goes back to, what goes on to an OIDC IdP. */
export interface SsoFlowTarget {
  codeChallenge: string | null;
  loginRedirectUrl: string;
  signupRedirectUrl: string;
  /**
   * `provider_<key>` parameters, forwarded to an OIDC identity provider (a SAML AuthnRequest has no place for them).
   */
  providerParams: Record<string, string>;
}

/**
 * Remembers a started sign-in for SSO_STATE_LIFETIME_MS: the digests of its state (the SAML RelayState or the OIDC
 * state) and of the SAML AuthnRequest ID, with what the start fixed.
 */
export async function rememberSsoStart(
  deps: Deps,
  connectionId: string,
  flow: SsoFlowTarget,
  secrets: { state: string; requestId: string | null },
): Promise<void> {
  const now = deps.config.now();
  await insertSsoState(deps.db, {
    stateHash: hashToken(secrets.state),
    requestIdHash: secrets.requestId === null ? null : hashToken(secrets.requestId),
    connectionId,
    codeChallenge: flow.codeChallenge,
    loginRedirectUrl: flow.loginRedirectUrl,
    signupRedirectUrl: flow.signupRedirectUrl,
    now,
    expiresAt: now + SSO_STATE_LIFETIME_MS,
  });
}

/** Who the identity provider vouched for, for the connection's organization only. */
export interface SsoIdentity {
  /** Lower-cased and trimmed. */
  email: string;
  name: string;
  /** The IdP's stable id for the person (SAML NameID, OIDC subject). */
  externalId: string;
}

/**
 * The end of every answer: the sso token (bound to the organization, the identity and the site's PKCE challenge) and
 * the site URL carrying it: the sign-up URL for an address that is not yet a member, the login URL otherwise. The
 * member itself is made, if at all, when the token is authenticated (services/sso.ts).
 */
export async function completeSso(
  deps: Deps,
  connection: SsoConnectionRow,
  state: SsoStateRow,
  identity: SsoIdentity,
): Promise<string> {
  const now = deps.config.now();
  const secret = newSecretToken();
  await insertSsoToken(deps.db, {
    tokenHash: hashToken(secret),
    connection_id: connection.id,
    organization_id: connection.organization_id,
    email: identity.email,
    name: identity.name,
    external_id: identity.externalId,
    code_challenge: state.code_challenge,
    now,
    expiresAt: now + SSO_TOKEN_LIFETIME_MS,
  });
  const member = await findMemberByEmail(deps.db, connection.organization_id, identity.email);
  const target = member && member.status !== 'deleted' ? state.login_redirect_url : state.signup_redirect_url;
  return tokenUrl(new URL(target), SSO_TOKEN_TYPE, secret);
}
