// Enterprise SSO of the organization product (SAML 2.0 and OpenID Connect connections), shaped as the hosted
// provider's B2B SDK sends and reads it (its `sso` client: start, authenticate, discoverConnections), so its headless
// client works against our service.
import type { ResponseCommon } from './envelope.ts';
import type { MemberAuthenticateResponse, SsoActiveConnection } from './organizations.ts';

/** The `/sdk/v1` paths of SSO (relative to `SDK_BASE_PATH`). */
export const SSO_PATHS = {
  authenticate: '/b2b/sso/authenticate',
  /** GET with the query `email_address=<address>`. */
  discoveryConnections: '/b2b/sso/discovery/connections',
} as const;

/**
 * The browser-redirect start, outside `/sdk/v1`: GET `<api>/v1/public/sso/start?…` (the SDK's `sso.start`). Query
 * parameters, all strings: `public_token`, `connection_id`, `pkce_code_challenge` (when `pkce_required_for_sso`),
 * `login_redirect_url`, `signup_redirect_url`, and `provider_<key>` (forwarded to an OIDC identity provider).
 */
export const SSO_START_PATH = '/v1/public/sso/start';
/** The query parameter names of the start URL. */
export const SSO_START_PARAMS = {
  publicToken: 'public_token',
  connectionId: 'connection_id',
  codeChallenge: 'pkce_code_challenge',
  loginRedirectUrl: 'login_redirect_url',
  signupRedirectUrl: 'signup_redirect_url',
  providerParamPrefix: 'provider_',
} as const;

/**
 * Where an identity provider answers: a SAML IdP POSTs its Response here (the connection's Assertion Consumer Service
 * URL), an OIDC IdP redirects here with the code (the connection's redirect URL).
 */
export const SSO_CALLBACK_PATH = (connectionId: string) => `/v1/b2b/sso/callback/${encodeURIComponent(connectionId)}`;
/**
 * The service provider's SAML metadata for one connection (entity id, ACS URL, NameID format): what an organization's
 * administrator gives their IdP. Its URL is also our entity id, the audience every assertion must name.
 */
export const SSO_SAML_METADATA_PATH = (connectionId: string) =>
  `/v1/b2b/sso/saml/metadata/${encodeURIComponent(connectionId)}`;

/** The `stytch_token_type` of the redirect back to the site after the identity provider. */
export const SSO_TOKEN_TYPE = 'sso';

/** POST /b2b/sso/authenticate (the SDK adds the stored PKCE verifier and any intermediate session token). */
export interface SsoAuthenticateRequest {
  sso_token: string;
  session_duration_minutes: number;
  pkce_code_verifier?: string;
  intermediate_session_token?: string;
  locale?: string;
  captcha_token?: string;
  dfp_telemetry_id?: string;
}

/** The member-authenticate payload: a member session, or an intermediate session when MFA is still required. */
export type SsoAuthenticateResponse = MemberAuthenticateResponse;

/**
 * GET /b2b/sso/discovery/connections?email_address=…: the active connections of the organizations the address is a
 * member of, or, when it is a member of none, of those it could join by SSO (its domain, JIT provisioning allowed).
 */
export interface SsoDiscoverConnectionsResponse extends ResponseCommon {
  connections: SsoActiveConnection[];
}

/** Kinds of connection and what the wire calls each one's factor (`delivery_method` of the SSO factor). */
export type SsoConnectionKind = 'saml' | 'oidc';
export const SSO_DELIVERY_METHODS = { saml: 'sso_saml', oidc: 'sso_oidc' } as const;
