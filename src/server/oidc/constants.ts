// The OpenID provider (oidc/provider.ts) and its consent calls (services/idp.ts). Lifetimes in seconds, as
// oidc-provider takes them.

export const OIDC_AUTHORIZATION_CODE_TTL_SECONDS = 60;
export const OIDC_ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const OIDC_ID_TOKEN_TTL_SECONDS = 60 * 60;
export const OIDC_REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** The authorization request's interaction is never resumed (the submit call mints the code); it only has to expire. */
export const OIDC_INTERACTION_TTL_SECONDS = 10 * 60;
export const OIDC_SESSION_TTL_SECONDS = 24 * 60 * 60;
/** A consent lasts until the user revokes it; each new submit saves its grant again, so it only lapses when unused. */
export const OIDC_GRANT_TTL_SECONDS = 365 * 24 * 60 * 60;
/** Providers kept per service when the issuer comes from each request (development: localhost, 127.0.0.1, ...). */
export const MAX_CACHED_ISSUERS = 8;

// The consent calls and screen.

/** Longest client_id, redirect URI, state, nonce or scope the identity-provider calls accept. */
export const MAX_IDP_STRING_LENGTH = 2_048;
export const MAX_IDP_SCOPES = 100;
/** What the consent screen says a standard scope lets the app do. */
export const STANDARD_SCOPE_DESCRIPTIONS = {
  openid: 'Sign you in with your account.',
  profile: 'See your name.',
  email: 'See your email address.',
  phone: 'See your phone number.',
  full_access: 'Act on your behalf with full access to your account.',
  offline_access: 'Keep access when you are not using the app.',
} as const;
/** A requested custom scope the project's RBAC policy does not define (never grantable). */
export const UNKNOWN_SCOPE_DESCRIPTION = 'This permission is not defined by the project.';
