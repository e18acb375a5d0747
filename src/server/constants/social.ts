// Social sign-in (OAuth and OpenID Connect providers, Sign in with Apple) and Google One Tap.

/**
 * How long a started social sign-in may take at the provider: 10 minutes covers typing a password and a second
 * factor there; a state older than that is more likely replayed than slow.
 */
export const OAUTH_STATE_LIFETIME_MS = 10 * 60_000;
/**
 * How long the oauth token in the redirect stays usable: the page authenticates it right after loading, so 10
 * minutes is generous, and it is single use anyway.
 */
export const OAUTH_TOKEN_LIFETIME_MS = 10 * 60_000;
/** How long a One Tap callback id (the ID token's nonce) stays usable: the prompt may sit on the page a while. */
export const ONE_TAP_CALLBACK_LIFETIME_MS = 10 * 60_000;
/** Scopes asked of an OpenID Connect provider when the project names none: identity, address and profile. */
export const OIDC_DEFAULT_SCOPES: readonly string[] = ['openid', 'email', 'profile'];
/**
 * Sign in with Apple asks for `name` and `email` (Apple has no `profile` scope); asking for either requires the
 * `form_post` response mode, where Apple POSTs the code and state to the callback.
 */
export const APPLE_SCOPES: readonly string[] = ['openid', 'email', 'name'];
export const FORM_POST_RESPONSE_MODE = 'form_post';
/**
 * Lifetime of each client secret JWT signed for Apple. Apple accepts up to six months; one is signed per token
 * request, so five minutes covers clock skew and nothing more.
 */
export const APPLE_CLIENT_SECRET_LIFETIME_S = 5 * 60;
/** Query parameters a start request may forward to the provider (`provider_<key>`); more is abuse, not a login. */
export const MAX_OAUTH_PROVIDER_PARAMS = 20;
/** Longest custom_scopes or provider_<key> value accepted; real scopes and hints are far shorter. */
export const MAX_OAUTH_PARAM_LENGTH = 1024;
/** RFC 6749 section 3.3 scope-token: printable ASCII except space, '"' and '\'. */
export const OAUTH_SCOPE_TOKEN_PATTERN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
/** A provider_<key> name: what providers use (login_hint, prompt, hd, access_type), nothing that needs escaping. */
export const OAUTH_PROVIDER_PARAM_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
/** Where Google publishes the keys its ID tokens are signed with (One Tap credentials). */
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
/** Google's ID tokens name either form of its issuer (Google Identity docs, "Verify the Google ID token"). */
export const GOOGLE_ID_TOKEN_ISSUERS: readonly string[] = ['https://accounts.google.com', 'accounts.google.com'];
/**
 * Google rotates its keys about weekly and serves them with a max-age of hours; an hour's cache is well inside that.
 */
export const GOOGLE_JWKS_CACHE_MS = 60 * 60_000;
/** Clock skew tolerated on an ID token's `exp`/`iat`, as for trusted tokens: 30 s between servers. */
export const ID_TOKEN_CLOCK_SKEW_SECONDS = 30;
