// The session's background refresh, its give-up rule and its cookies (client spec 4 and 9, wire contract 5).

/** Background refresh: re-authenticate the session this often while one exists (spec 4 and 9: 3 minutes). */
export const SESSION_REFRESH_INTERVAL_MS = 3 * 60 * 1000;

/** Retry backoff after a failed refresh: BASE * 2^min(attempt, MAX_EXPONENT) ± JITTER (spec 9, wire contract 1.6). */
export const REFRESH_BACKOFF_BASE_MS = 2000;
export const REFRESH_BACKOFF_MAX_EXPONENT = 7;
export const REFRESH_BACKOFF_JITTER_MS = 175;

/**
 * Consecutive failed refresh retries after which the user is treated as logged out (spec 4: "retries with exponential
 * backoff, then treats the user as logged out"; the count is not given). Our choice: 7, the attempt at which the
 * backoff reaches its cap (2^7 · 2 s ≈ 4.3 min). By then about 8.5 minutes have passed without reaching the service
 * — almost three missed refresh intervals — and further retries would only poll at a fixed rate.
 */
export const MAX_REFRESH_RETRIES = 7;

/**
 * Warning when the background refresh gives up (spec 8: "a session background refresh failure that signals logout").
 */
export const SESSION_LOGOUT_WARNING = 'Session background refresh failed. Treating the user as logged out.';

/** Intermediate session token cookie lifetime (spec 9). The consumer client only ever deletes that cookie. */
export const IST_COOKIE_LIFETIME_MS = 10 * 60 * 1000;

/** Cookie names (wire contract 5), overridable through `cookieOptions`. */
export const DEFAULT_SESSION_COOKIE = 'stytch_session';
export const DEFAULT_JWT_COOKIE = 'stytch_session_jwt';
export const DEFAULT_IST_COOKIE = 'stytch_intermediate_session_token';
export const DEFAULT_COOKIE_PATH = '/';

/** Spec 8: "duplicate cookie warnings", when a cookie name is set more than once (different paths or domains). */
export const MSG_DUPLICATE_COOKIE = 'Found more than one cookie named';
