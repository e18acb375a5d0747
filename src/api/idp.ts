// Wire types of the identity-provider calls (wire contract 3.12, widget spec sections 2, 3 and 7): the site acting as
// an OpenID provider for connected apps. The widget's consent and logout screens make these three calls; the
// protocol endpoints a third-party app talks to (OIDC_PATHS) are served outside `/sdk/v1`.
import type { ResponseCommon } from './envelope.ts';
import type { User } from './user.ts';

export const IDP_PATHS = {
  authorizeStart: '/idp/oauth/authorize/start',
  authorizeSubmit: '/idp/oauth/authorize/submit',
  logoutStart: '/oauth/logout/start',
} as const;

/** The standard scopes (spec section 3); any other scope is custom, described by the project's RBAC policy. */
export const STANDARD_SCOPES = ['openid', 'profile', 'email', 'phone', 'full_access', 'offline_access'] as const;
export type StandardScope = (typeof STANDARD_SCOPES)[number];
export const isStandardScope = (scope: string): scope is StandardScope =>
  (STANDARD_SCOPES as readonly string[]).includes(scope);

/** The authorize page's defaults when the query string leaves them out (spec section 2). */
export const DEFAULT_AUTHORIZE_SCOPES: readonly string[] = ['openid', 'email', 'profile'];
export const DEFAULT_RESPONSE_TYPE = 'code';

/** The query parameters the authorize page reads; client_id and redirect_uri are required. */
export const AUTHORIZE_QUERY_PARAMS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'code_challenge',
  'state',
  'nonce',
  'prompt',
] as const;
export const AUTHORIZE_REQUIRED_PARAMS = ['client_id', 'redirect_uri'] as const;
/** The query parameters the logout page reads; client_id and post_logout_redirect_uri are required. */
export const LOGOUT_QUERY_PARAMS = ['client_id', 'post_logout_redirect_uri', 'id_token_hint', 'state'] as const;
export const LOGOUT_REQUIRED_PARAMS = ['client_id', 'post_logout_redirect_uri'] as const;

/** A connected app as the consent screen shows it. */
export interface IdpClient {
  client_id: string;
  client_type: string;
  client_name: string;
  client_description: string;
  client_logo_url?: string;
}

/** One requested scope: whether this user may grant it (RBAC), and what it means. */
export interface ScopeResult {
  scope: string;
  description: string;
  is_grantable: boolean;
}

/** POST /idp/oauth/authorize/start (the preflight; needs a session). */
export interface AuthorizeStartRequest {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  scopes: string[];
  prompt?: string;
}
export interface AuthorizeStartResponse extends ResponseCommon {
  user_id: string;
  user: User;
  client: IdpClient;
  consent_required: boolean;
  scope_results: ScopeResult[];
}

/**
 * POST /idp/oauth/authorize/submit: the preflight's fields plus the consent. The widget navigates to `redirect_uri`.
 */
export interface AuthorizeSubmitRequest extends AuthorizeStartRequest {
  state?: string;
  nonce?: string;
  code_challenge?: string;
  consent_granted: boolean;
}
export interface AuthorizeSubmitResponse extends ResponseCommon {
  redirect_uri: string;
  authorization_code?: string;
}

/** POST /oauth/logout/start */
export interface LogoutStartRequest {
  client_id: string;
  post_logout_redirect_uri: string;
  state?: string;
  id_token_hint?: string;
}
export interface LogoutStartResponse extends ResponseCommon {
  redirect_uri: string;
  consent_required: boolean;
}

/**
 * The OpenID provider's protocol endpoints, on the service's origin (the issuer). The authorization endpoint checks the
 * app and its redirect URI, then sends the browser to the site's authorize page; end session sends it to the logout
 * page.
 */
export const OIDC_PATHS = {
  discovery: '/.well-known/openid-configuration',
  authorization: '/oauth2/authorize',
  token: '/oauth2/token',
  userinfo: '/oauth2/userinfo',
  jwks: '/oauth2/jwks',
  endSession: '/oauth2/logout',
  revocation: '/oauth2/revoke',
} as const;
