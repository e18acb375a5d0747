// Every timer, retry count, size and storage name of the client, each from the spec (client spec section 9, wire
// contract sections 1 and 5) unless the comment says it is our choice.

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
 * Telemetry: flush the `/events` queue this long after the first queued item (spec 9), or at once when it holds
 * MAX_EVENTS_PER_BATCH (src/api: the service refuses longer batches).
 */
export const EVENTS_FLUSH_INTERVAL_MS = 800;

/** The client's `debounce` waits this long after the last call unless told otherwise (spec 9: 500 ms). */
export const DEFAULT_DEBOUNCE_MS = 500;

/** Intermediate session token cookie lifetime (spec 9). The consumer client only ever deletes that cookie. */
export const IST_COOKIE_LIFETIME_MS = 10 * 60 * 1000;

/** PKCE verifier: this many random 32-bit words, hex encoded (spec 9, wire contract 5). */
export const PKCE_VERIFIER_WORDS = 16;
/** Each word is written without zero padding except to this minimum width (wire contract 5). */
export const PKCE_WORD_MIN_HEX_DIGITS = 2;
export const PKCE_NAMESPACES = ['magic_links', 'oauth', 'passwords'] as const;
export type PkceNamespace = (typeof PKCE_NAMESPACES)[number];

/** Default hosts when no `baseUrl` is given (wire contract 1.1). */
export const TEST_API_URL = 'https://test.stytch.com';
export const LIVE_API_URL = 'https://api.stytch.com';
export const TEST_TOKEN_MARKER = 'public-token-test';

/** Cookie names (wire contract 5), overridable through `cookieOptions`. */
export const DEFAULT_SESSION_COOKIE = 'stytch_session';
export const DEFAULT_JWT_COOKIE = 'stytch_session_jwt';
export const DEFAULT_IST_COOKIE = 'stytch_intermediate_session_token';
export const DEFAULT_COOKIE_PATH = '/';

/** localStorage keys (wire contract 5): the state key and its `::` suffixes. */
export const STORAGE_PREFIX = 'stytch_sdk_state_';
export const BOOTSTRAP_KEY_SUFFIX = '::bootstrap';
export const PKCE_KEY_SUFFIX = '::PKCE_VERIFIER:';
export const SEEN_DOMAINS_KEY_SUFFIX = '::seen_domains';

/** Telemetry id prefixes (wire contract 1.7). */
export const EVENT_ID_PREFIX = 'event-id-';
export const APP_SESSION_ID_PREFIX = 'app-session-id-';
export const PERSISTENT_ID_PREFIX = 'persistent-id-';

/** The event every client instance emits once (wire contract 3.1). */
export const INSTANTIATED_EVENT = 'sdk_instance_instantiated';

/** Error messages the wire contract quotes (1.3, 1.4, 1.5). */
export const MSG_UNREACHABLE = 'Unable to contact our servers.';
export const MSG_INVALID_JSON_SUCCESS = 'Invalid JSON response from our servers.';
export const MSG_INVALID_JSON_ERROR = 'Invalid or no response from server';
export const MSG_INVALID_RESPONSE = 'Invalid response from our servers.';
export const FETCH_FAILED_MESSAGE = 'Failed to fetch';
export const MSG_CAPTCHA_UNAVAILABLE = 'Unable to query captcha and/or dfp telemetry ID';

/**
 * Warning when the background refresh gives up (spec 8: "a session background refresh failure that signals logout").
 */
export const SESSION_LOGOUT_WARNING = 'Session background refresh failed. Treating the user as logged out.';

// ---- Captcha, RBAC and duplicate cookies ----

/** reCAPTCHA Enterprise, the provider's captcha (wire contract 1.5); the action it tokens for. */
export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/enterprise.js?render=';
export const RECAPTCHA_ACTION = 'LOGIN';

/**
 * Logged when access is evaluated without a loadable RBAC policy (spec 6 and 8); the caller then has no permissions.
 */
export const MSG_RBAC_POLICY_MISSING =
  'Unable to load the RBAC policy from the project bootstrap data; assuming no permissions.';
/** Spec 8: "duplicate cookie warnings", when a cookie name is set more than once (different paths or domains). */
export const MSG_DUPLICATE_COOKIE = 'Found more than one cookie named';

// ---- Social sign-in and Google One Tap ----

/** localStorage suffix of the social provider last used on this device (wire contract 5; UI only). */
export const LAST_USED_OAUTH_KEY_SUFFIX = '::b2c_last_used_oauth';
/** Spec 8: "no OAuth code verifier found", when the project requires PKCE for OAuth but no `oauth` pair is stored. */
export const MSG_NO_OAUTH_VERIFIER =
  'No OAuth code verifier found in storage. This project requires PKCE for OAuth, so the token cannot be exchanged; ' +
  'start the OAuth flow again in this browser.';
/** Spec 8: logged when One Tap cannot start or its prompt is not shown, followed by the reason. */
export const MSG_ONE_TAP_NOT_LOADED = 'One Tap could not load: ';
/** One Tap's sign-in context and automatic selection (client spec 9: context 'use', auto_select off). */
export const ONE_TAP_CONTEXT = 'use';
export const ONE_TAP_AUTO_SELECT = false;

// ---- WebAuthn and passkeys ----

/**
 * Client spec 5 ("Other checks"): a conditional-mediation passkey sign-in without autofill support, or without an
 * input whose autocomplete mentions webauthn, logs an error and returns nothing. The spec gives no wording; ours names
 * what is missing and what to add.
 */
export const MSG_WEBAUTHN_AUTOFILL_UNSUPPORTED = 'Browser does not support WebAuthn autofill';
export const MSG_WEBAUTHN_AUTOFILL_NO_INPUT =
  'No <input> with "webauthn" in its autocomplete attribute was found (in the document or an open shadow root); ' +
  'passkey autofill needs one';
/** The inputs conditional mediation can offer passkeys in (wire contract 3.8: `autocomplete*="webauthn"`). */
export const WEBAUTHN_AUTOFILL_INPUT_SELECTOR = 'input[autocomplete*="webauthn"]';
