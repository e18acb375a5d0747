// Every value the identity service chooses, in one place. Each line says why it has this value. Facts of the wire
// contract that the client shares (header names, the E.164 rule, the captcha answer, the batch size) live in src/api.
import { HEADERS } from '../api/telemetry.ts';
import { ONE_TAP_TYPE_HEADER } from '../api/oauth.ts';

// ---- Project defaults (used when ServiceOptions leave them out) ----

/** Contains `public-token-test`, so tools and the client treat it as a test project. */
export const DEFAULT_PUBLIC_TOKEN = 'public-token-test-6f1c9a2e-local-dev-0000-000000000000';
/** Stable across restarts, so a persisted JWKS and the JWT `aud` stay valid after a restart. */
export const DEFAULT_PROJECT_ID = 'project-test-6f1c9a2e-local-dev-0000-000000000000';
/** The demo site's university; it names the project in the bootstrap document and in email subjects. */
export const DEFAULT_PROJECT_NAME = 'Westlight University';
/** One domain, so the widget's "Check your email" links can search the dev sender's domain. */
export const DEFAULT_EMAIL_DOMAINS: readonly string[] = ['westlight.localhost'];
/** Local part of the dev inbox sender address (`no-reply@<first email domain>`); nobody should reply to it. */
export const SENDER_LOCAL_PART = 'no-reply';

// ---- Command-line defaults (src/server/main.ts) ----

/** Free on most machines and the README's documented address. */
export const DEFAULT_PORT = 8787;
/** Listen on the loopback interface only: a dev service should not be reachable from the network by default. */
export const DEFAULT_HOST = 'localhost';
/** Inside the repository and git-ignored, so `npm start` keeps users between runs. */
export const DEFAULT_DATA_DIR = '.data';
/** Hosts `npm start` (development mode) may listen on: anything else would expose the dev tools to a network. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '::1'];

// ---- Operations (production mode) ----

/**
 * How long a shutdown waits for in-flight requests before closing their connections anyway: longer than any request
 * takes (a password hash is well under a second), shorter than the 30 s a container orchestrator waits before SIGKILL.
 */
export const SHUTDOWN_GRACE_MS = 10_000;
/** Load balancers probe these; outside /sdk/v1 and /v1 so no CORS, auth or body rules apply to them. */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
/** Most load balancers allow one hop per proxy; more than this is a configuration mistake, not a real deployment. */
export const MAX_TRUST_PROXY = 10;
/**
 * SERVICE_PROCESSES above this is a typo, not a machine: one process per core is the useful most, and every process
 * holds its own PostgreSQL connection pool.
 */
export const MAX_SERVICE_PROCESSES = 64;
/**
 * Development only: the process that answered, on /healthz, so the multi-process tests can see that every worker
 * serves requests. Never sent in production (it would tell the network how the deployment is laid out).
 */
export const SERVICE_PROCESS_HEADER = 'X-Service-Process';

// ---- Identifiers ----

/**
 * Every identifier names its environment as the hosted provider's do: `user-test-<uuid>` from a development service
 * (the provider's test projects), `user-live-<uuid>` from a production one (its live projects). ids.ts picks by mode.
 */
export const ID_ENVIRONMENTS = { development: 'test', production: 'live' } as const;
/** The environment of an id made outside any service (a test calling a store directly): development's. */
export const ID_ENVIRONMENT = ID_ENVIRONMENTS.development;
/** What a request id starts with, before its environment and uuid: `request-id-live-<uuid>`. */
export const REQUEST_ID_PREFIX = 'request-id';

// ---- Response headers (middleware/security-headers.ts) ----

/**
 * No site may frame a page of the service: a framed sign-in, consent or logout page can be clickjacked. Nothing
 * frames one on purpose (the dev One Tap card is drawn into the site's own page, not an iframe), so no page needs an
 * allowlist.
 */
export const FRAME_ANCESTORS_DIRECTIVE = "frame-ancestors 'none'";
/**
 * Two years (hstspreload.org's recommended value, twice its one-year minimum): a browser that once reached the
 * service over https never tries plain http for it again, so no network can strip TLS from a later sign-in.
 */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;
/**
 * includeSubDomains covers hosts under PUBLIC_URL's host only (never its parent domain), which carry the same trust.
 */
export const STRICT_TRANSPORT_SECURITY = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;

// ---- Secrets ----

/** 32 random bytes = 256 bits: far beyond guessing, and 43 base64url characters in a URL. */
export const TOKEN_BYTES = 32;
/** RFC 7636 caps a code_verifier at 128 characters; the client's verifier is at most 128 hex digits. */
export const MAX_CODE_VERIFIER_LENGTH = 128;
/** An S256 code_challenge is base64url(SHA-256) without padding: exactly 43 characters. */
export const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// ---- Session JWT ----

/** ES256 on P-256: small signatures, supported by every JOSE library, signable with node:crypto alone. */
export const JWT_ALGORITHM = 'ES256';
export const JWT_CURVE = 'P-256';
/** The hosted provider's session JWTs live 5 minutes; the client refreshes every 3, so one is always fresh. */
export const SESSION_JWT_LIFETIME_SECONDS = 5 * 60;
/** The claim that carries the session, named like the hosted provider's so existing verifiers read it. */
export const SESSION_JWT_CLAIM = 'https://stytch.com/session';
/** `iss` is `<prefix><project_id>`, the hosted provider's format, so backends that verify its tokens verify ours. */
export const JWT_ISSUER_PREFIX = 'stytch.com/';

// ---- Secrets at rest (AUTH_SECRET_KEY) ----

/**
 * The AUTH_SECRET_KEY used in development when none is set. It is PUBLIC (it is in this repository), so it protects
 * nothing: it only lets `npm start` run without setup. Production refuses to start without a real key.
 */
export const DEV_SECRET_KEY = '6465762d6f6e6c792d7075626c69632d6b65792d6e6f742d612d736563726574';
/** AES-256 and HMAC-SHA256 keys are 32 bytes; a master key of the same size carries the full 256 bits into HKDF. */
export const SECRET_KEY_BYTES = 32;
/** HKDF `info` labels: one purpose, one derived key, so the HMAC key for passcodes never doubles as the cipher key. */
export const HKDF_INFO_OTP_HMAC = 'auth-login/v1/otp-code-hmac';
export const HKDF_INFO_SECRET_ENCRYPTION = 'auth-login/v1/secret-encryption';
export const HKDF_INFO_OIDC_COOKIES = 'auth-login/v1/oidc-provider-cookies';
/** Prefix naming the format of an encrypted column, so a later format can coexist with this one. */
export const SEALED_SECRET_VERSION = 'v1';
/** A key id is the first 8 bytes of SHA-256 of the derived key: enough to tell keys apart, useless to an attacker. */
export const SECRET_KEY_ID_BYTES = 8;
/** AES-GCM's standard 96-bit nonce (NIST SP 800-38D): random per encryption, safe far beyond our row counts. */
export const AES_GCM_IV_BYTES = 12;
/** AES-GCM's full 128-bit tag (NIST SP 800-38D): shorter tags make forging a ciphertext easier. */
export const AES_GCM_TAG_BYTES = 16;
/** Rows re-encrypted per statement batch at start, so a large table is not held in memory at once. */
export const SECRET_RESEAL_BATCH = 500;

// ---- Durations and bounds ----

/** Shortest session a caller may ask for: shorter than the client's 3-minute refresh makes no sense. */
export const SESSION_DURATION_MINUTES_MIN = 5;
/** Longest session a caller may ask for: one year, the hosted provider's limit. */
export const SESSION_DURATION_MINUTES_MAX = 525_600;
/** Shortest magic-link lifetime: less than 5 minutes is shorter than mail delivery sometimes takes. */
export const MAGIC_LINK_EXPIRATION_MINUTES_MIN = 5;
/** Longest magic-link lifetime: one week, the hosted provider's limit. */
export const MAGIC_LINK_EXPIRATION_MINUTES_MAX = 10_080;
/** Shortest passcode lifetime: one minute still lets a visitor read a text and type six digits. */
export const OTP_EXPIRATION_MINUTES_MIN = 1;
/**
 * Longest passcode lifetime: ten minutes, the hosted provider's limit. A six-digit code is guessable in principle, so
 * its window stays short (the attempt limit below caps guesses per code at 5 in 1,000,000).
 */
export const OTP_EXPIRATION_MINUTES_MAX = 10;

// ---- Passcodes ----

/**
 * Wrong guesses one passcode survives: after the 5th it is dead even for the right digits, so a guesser gets at most
 * 5 tries per code (a 1 in 200,000 chance) while a visitor still has room for typos.
 */
export const OTP_MAX_ATTEMPTS_PER_CODE = 5;
/** Failed passcode checks for one user, across codes, within the window below that lock the user. */
export const USER_LOCK_FAILURE_LIMIT = 10;
/** The window the failures above are counted in. */
export const USER_LOCK_FAILURE_WINDOW_MS = 60 * 60_000;
/** How long a locked user cannot authenticate with a passcode: an hour makes guessing hopeless (≤ 240 tries a day). */
export const USER_LOCK_DURATION_MS = 60 * 60_000;

// ---- Input limits ----

/** Every /sdk/v1 request body is a small JSON object; 64 KiB leaves room for metadata and stops memory abuse. */
export const MAX_BODY_BYTES = 64 * 1024;
/** RFC 5321 limits a forward path to 254 characters; longer cannot be a deliverable address. */
export const MAX_EMAIL_LENGTH = 254;
/** Browsers and servers handle URLs up to about 2 KB reliably; a longer redirect URL is a mistake or an attack. */
export const MAX_REDIRECT_URL_LENGTH = 2048;
/** Telemetry details are shallow; deeper nesting is abuse and would overflow JSON.stringify when stored. */
export const MAX_JSON_DEPTH = 32;

// ---- Rate limits ----

/** Magic links one address may be sent per window: enough for a few retries, too few to flood an inbox. */
export const MAGIC_LINK_SEND_LIMIT = 5;
/** Length of the magic-link send window. */
export const MAGIC_LINK_SEND_WINDOW_MS = 60_000;
/** Passcodes one phone number or address may be sent per window (any channel): a few resends, no message bombing. */
export const OTP_SEND_LIMIT = 5;
/** Length of the passcode send window. */
export const OTP_SEND_WINDOW_MS = 60_000;
/**
 * Sends (magic links, passcodes on any channel, reset emails, crypto wallet challenges) one client IP may start per
 * window. High, because a campus or school network puts hundreds of students behind one NAT address; low enough that
 * one client cannot use the service to mail-bomb or SMS-pump thousands of addresses (each address also has its own
 * limit above).
 */
export const IP_SEND_LIMIT = 100;
/** Length of the per-IP send window: ten minutes smooths a lecture hall signing in at once. */
export const IP_SEND_WINDOW_MS = 10 * 60_000;
/**
 * Authentication attempts that fail (password, passcode, TOTP, recovery code, existing-password reset) one client IP
 * may make per window before it is refused outright. 30 leaves a shared campus address room for typos, while a single
 * client can push at most 3 users into USER_LOCK_FAILURE_LIMIT's lock per window instead of any number
 * (docs/decisions.md).
 */
export const IP_AUTH_FAILURE_LIMIT = 30;
/** Length of the per-IP failure window. */
export const IP_AUTH_FAILURE_WINDOW_MS = 10 * 60_000;
/**
 * Telemetry batches one client IP may post per window: the client flushes a batch at most every few seconds per page,
 * so 600 per 10 minutes (one a second) covers many tabs behind one address, and stops a client filling the table.
 */
export const IP_EVENTS_LIMIT = 600;
/** Length of the per-IP telemetry window. */
export const IP_EVENTS_WINDOW_MS = 10 * 60_000;
/**
 * IPv6 clients are limited per /64 (the first 4 groups): a home or mobile subscriber is handed a whole /64 and can
 * pick a fresh address in it for every request, so a per-address key would be no limit at all (RFC 6177).
 */
export const IPV6_LIMIT_PREFIX_GROUPS = 4;
/** How a request whose peer address is unknown is keyed: all such requests share one budget (fail closed). */
export const UNKNOWN_IP_KEY = 'unknown';
/** Every this many takes, a process deletes expired rate-limit rows: often enough that the table stays small. */
export const RATE_LIMIT_SWEEP_EVERY_TAKES = 100;
/** At most this many expired rows per sweep, so one sweep is a short statement even after a flood. */
export const RATE_LIMIT_SWEEP_BATCH = 1_000;

// ---- CORS ----

/** The headers the client sends on every call (wire contract 1.2), as src/api names them. */
export const CORS_ALLOWED_HEADERS: readonly string[] = Object.values(HEADERS);
/** One Tap's callback also sends the header that names the flow (wire contract 3.6). */
export const ONE_TAP_CORS_ALLOWED_HEADERS: readonly string[] = [...CORS_ALLOWED_HEADERS, ONE_TAP_TYPE_HEADER];
/** The methods the client uses (wire contract 1.2). */
export const CORS_ALLOWED_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE'];
/** Browsers cap preflight caching at 2 hours (Chromium) anyway; 10 minutes keeps allowlist changes quick to apply. */
export const CORS_MAX_AGE_SECONDS = 600;

// ---- Languages (issue 17) ----

/** The response header naming the language of an error_message (the request's, from Accept-Language). */
export const CONTENT_LANGUAGE_HEADER = 'Content-Language';
/**
 * Accept-Language values remembered with their chosen language: a page sends the same value on every call, so the
 * header is parsed once per distinct value, not once per request. Bounded, so odd values cannot grow memory.
 */
export const ACCEPT_LANGUAGE_CACHE_ENTRIES = 256;
/** Longer Accept-Language values are parsed but not remembered (browsers send well under 100 characters). */
export const MAX_CACHED_ACCEPT_LANGUAGE_LENGTH = 200;
/** Only the first this many language ranges are read: no browser sends more, and it bounds the parse. */
export const MAX_ACCEPT_LANGUAGE_RANGES = 32;

// ---- Dev inbox ----

/** The inbox shows the newest messages only; a long-running dev service should not render thousands. */
export const DEV_INBOX_MAX_MESSAGES = 200;
/**
 * Dev inbox rows are deleted a day after they were sent: every live link and code sits there in the clear, and a day
 * covers any local session of work while keeping the table from holding a history of every code ever sent.
 */
export const DEV_INBOX_RETENTION_MS = 24 * 60 * 60_000;

// ---- Real delivery (SMTP and the SMS webhook) ----

/**
 * SMTP timeouts. Nodemailer's defaults (2 minutes to connect, 10 to idle) would hold a visitor's request, and the
 * database transaction around the send, far longer than anyone waits; 10 s covers a slow server across the world.
 */
export const SMTP_CONNECTION_TIMEOUT_MS = 10_000;
export const SMTP_GREETING_TIMEOUT_MS = 10_000;
/** Idle time allowed once connected: a server that stops answering mid-message for 15 s is not coming back soon. */
export const SMTP_SOCKET_TIMEOUT_MS = 15_000;
/**
 * Tries per text message: the first plus two retries on a 5xx or network error. A visitor waits for the answer, so a
 * receiver that fails three times is reported as down rather than retried for minutes.
 */
export const SMS_WEBHOOK_ATTEMPTS = 3;
/**
 * Wait before the first retry; each later retry waits twice as long (250 ms, 500 ms): short blips pass, outages fail
 * fast.
 */
export const SMS_WEBHOOK_RETRY_BASE_DELAY_MS = 250;
/** Time one POST to the webhook may take: a receiver that forwards to an SMS provider answers well within 5 s. */
export const SMS_WEBHOOK_ATTEMPT_TIMEOUT_MS = 5_000;
/** Shortest accepted HMAC secret: 32 characters (e.g. 16 random bytes as hex, or `openssl rand -hex 32`'s 64). */
export const SMS_WEBHOOK_SECRET_MIN_LENGTH = 32;
/** Stripe's header layout (`t=<unix seconds>,v1=<hex HMAC>`), which receivers' webhook libraries already parse. */
export const SMS_WEBHOOK_SIGNATURE_HEADER = 'X-Signature';
/** The message id, the same on every retry, so a receiver that saw it already can answer 200 without sending again. */
export const SMS_WEBHOOK_IDEMPOTENCY_HEADER = 'Idempotency-Key';

// ---- Embedded database ----

/**
 * PGlite's buffer pool, inside its wasm memory and touched in full at start: PostgreSQL's default 128 MB made it the
 * largest single part of the service's resident memory (issue 18). Its data is in memory or the OS page cache anyway,
 * so a miss costs a copy from there, not a disk seek. bench/throughput.ts shows the memory and throughput it gives.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
/**
 * Where a freshly initialised PGlite cluster is cached (under node_modules/.cache like other tools' caches):
 * initdb takes about 5 s, loading the cached copy about 0.5 s, which keeps every in-memory test service fast.
 */
export const PGLITE_TEMPLATE_CACHE_SUBDIR = 'node_modules/.cache/auth-login';
/** Any constant key works; it only has to be the same for every process that migrates the same database. */
export const MIGRATION_ADVISORY_LOCK_KEY = 7_243_501;

// ---- TOTP (issue 6; RFC 4226 / RFC 6238) ----

/** RFC 6238 section 4: the default time step, and what every authenticator app uses. */
export const TOTP_PERIOD_SECONDS = 30;
/** RFC 6238 T0: counting starts at the Unix epoch. */
export const TOTP_T0_SECONDS = 0;
/** Six digits: what authenticator apps show by default (RFC 4226 section 5.3 allows 6 to 8). */
export const TOTP_DIGITS = 6;
/** RFC 6238's default HMAC (SHA-256 and SHA-512 are also supported by the generator). */
export const TOTP_ALGORITHM = 'sha1';
/**
 * Accept codes one step either side of now (RFC 6238 section 5.2 recommends at most one step of network/clock drift),
 * so a code typed at the end of its period still works.
 */
export const TOTP_WINDOW_STEPS = 1;
/** RFC 4226 section 4 requires at least 128 bits of shared secret and recommends 160: 20 bytes = 160 bits. */
export const TOTP_SECRET_BYTES = 20;
/** Minutes an unverified authenticator stays usable for its first code when the request names none. */
export const TOTP_EXPIRATION_MINUTES_DEFAULT = 5;
/** Shortest window to scan the QR code and type the first code. */
export const TOTP_EXPIRATION_MINUTES_MIN = 1;
/** Longest: an hour; a registration nobody confirms should not linger. */
export const TOTP_EXPIRATION_MINUTES_MAX = 60;
/** The hosted provider hands out 10 recovery codes per authenticator. */
export const TOTP_RECOVERY_CODE_COUNT = 10;
/** 10 random bytes = 80 bits each, written as base32 in groups (`xxxx-xxxx-xxxx-xxxx`): unguessable, easy to copy. */
export const TOTP_RECOVERY_CODE_BYTES = 10;
/** Characters per dash-separated group of a recovery code. */
export const TOTP_RECOVERY_CODE_GROUP = 4;

// ---- Access-token exchange, attest, impersonation (issue 6) ----

/** An impersonation token is a short-lived, single-use support tool: 5 minutes is time to paste it, no more. */
export const IMPERSONATION_TOKEN_LIFETIME_MS = 5 * 60_000;
/** The trusted-auth JWT clock skew we tolerate on `exp`/`nbf`: 30 s, the usual allowance between servers. */
export const TRUSTED_TOKEN_CLOCK_SKEW_SECONDS = 30;

// ---- Dev captcha (issue 6) ----

/** The site key the bootstrap document names when the dev captcha is on; it is not secret. */
export const DEV_CAPTCHA_SITE_KEY = 'dev-captcha-site-key';
/** The one captcha token the dev captcha accepts: a stand-in for a reCAPTCHA token, for local development only. */
export const DEV_CAPTCHA_PASS_TOKEN = 'dev-captcha-pass';
/** The dev events view shows the newest telemetry only, like the dev inbox. */
export const DEV_EVENTS_MAX_ROWS = 200;
// ---- Passwords ----

/**
 * Argon2id parameters (RFC 9106 variant "id": resists both GPU cracking and side channels). OWASP's Password Storage
 * Cheat Sheet lists m=19456 KiB, t=2, p=1 as the minimum; we use exactly that: about 20 ms and 19 MiB per hash on one
 * core, which keeps a login cheap for a dev service on a small machine while an offline guesser pays the same per try.
 * Raise memory first (not time) on production hardware.
 */
export const ARGON2_MEMORY_COST_KIB = 19_456;
export const ARGON2_TIME_COST = 2;
export const ARGON2_PARALLELISM = 1;
/** 32-byte digests (the library's default), 256 bits: collisions are out of reach. */
export const ARGON2_OUTPUT_BYTES = 32;
/**
 * Longest password accepted. Argon2 hashes any length at the same cost, but zxcvbn's matching grows faster than
 * linearly with length, so a bound keeps a strength check cheap; 256 is far above any passphrase a person types.
 */
export const MAX_PASSWORD_LENGTH = 256;
/** zxcvbn looks at this many leading characters: its score saturates long before, and the cost stays bounded. */
export const ZXCVBN_MAX_ANALYSED_LENGTH = 100;
/** LUDS defaults when a project picks LUDS without numbers: NIST SP 800-63B's 8 characters and 3 of 4 classes. */
export const DEFAULT_LUDS_MINIMUM_COUNT = 8;
export const DEFAULT_LUDS_COMPLEXITY = 3;
/** Shortest and longest reset-link lifetime: the magic-link bounds, since a reset link is a login by email. */
export const PASSWORD_RESET_EXPIRATION_MINUTES_MIN = 5;
export const PASSWORD_RESET_EXPIRATION_MINUTES_MAX = 10_080;
/** Reset emails one address may be sent per window: like magic links, a few resends and no mail bombing. */
export const PASSWORD_RESET_SEND_LIMIT = 5;
export const PASSWORD_RESET_SEND_WINDOW_MS = 60_000;

// ---- Social sign-in and Google One Tap (issue 7) ----

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
/** Name and length limit of a dev identity; longer is a mistake. */
export const MAX_DEV_NAME_LENGTH = 100;

// ---- Dev identity provider (issue 7; only when no real credentials are configured) ----

/**
 * The Google client id the service hands out for One Tap when the dev identity provider stands in for Google. It
 * looks like a Google client id so code that checks the shape accepts it, and says "dev" so nobody mistakes it.
 */
export const DEV_ONE_TAP_CLIENT_ID = 'dev-one-tap-client.apps.googleusercontent.com';
/** Dev ID tokens live 5 minutes: long enough to post one, short like Google's own (which live 1 hour at most). */
export const DEV_ID_TOKEN_LIFETIME_SECONDS = 5 * 60;
/** The dev sign-in page offers the identities used most recently, up to this many, as one-click choices. */
export const DEV_IDP_RECENT_IDENTITIES = 8;
/** The dev identity a One Tap card is prefilled with, so a demo needs no typing. */
export const DEV_ONE_TAP_DEFAULT_IDENTITY = {
  email: 'ada.lovelace@westlight.localhost',
  name: 'Ada Lovelace',
} as const;

// ---- WebAuthn and passkeys (issue 14) ----

/**
 * How long a register or authenticate challenge stays usable, and the `timeout` the options give the browser: 5
 * minutes is the WebAuthn spec's recommended ceiling for a ceremony with user verification, enough to find a key.
 */
export const WEBAUTHN_CHALLENGE_LIFETIME_MS = 5 * 60_000;
/** Random bytes of a challenge: WebAuthn asks for at least 16; 32 matches the session tokens. */
export const WEBAUTHN_CHALLENGE_BYTES = 32;
/** A registration's name when the user gave none (the list in the widget shows it until renamed). */
export const WEBAUTHN_DEFAULT_REGISTRATION_NAME = 'Passkey';
/** Longest registration name (a label in a list) and user agent stored with a registration. */
export const MAX_WEBAUTHN_NAME_LENGTH = 100;
export const MAX_WEBAUTHN_USER_AGENT_LENGTH = 1024;
/** Longest override_id / override_name / override_display_name; WebAuthn's user.id is at most 64 bytes. */
export const MAX_WEBAUTHN_USER_HANDLE_BYTES = 64;
export const MAX_WEBAUTHN_USER_NAME_LENGTH = 256;

// ---- Crypto wallets (issue 15) ----
/** How long a wallet challenge can be signed: the same 5 minutes a WebAuthn ceremony gets to find its key. */
export const CRYPTO_WALLET_CHALLENGE_LIFETIME_MS = 5 * 60_000;
/** Random bytes of a challenge nonce (EIP-4361 asks for at least 8 alphanumeric characters; 16 bytes = 32 hex). */
export const CRYPTO_WALLET_NONCE_BYTES = 16;
/** The EIP-4361 Version line: the only version the standard defines. */
export const SIWE_VERSION = '1';
/** The chain id a SIWE message names when the page gives none: Ethereum mainnet. */
export const SIWE_DEFAULT_CHAIN_ID = '1';
/** The statement of a SIWE message when the page gives none, and the first line of a plain challenge. */
export const CRYPTO_WALLET_DEFAULT_STATEMENT = 'Sign in to continue.';
/** Longest SIWE statement, request id and resource URI accepted (they are echoed into the message the wallet shows). */
export const MAX_SIWE_FIELD_LENGTH = 1024;
/** Most SIWE resources accepted. */
export const MAX_SIWE_RESOURCES = 32;

// ---- Crypto wallet challenges: what one address or one client may ask for ----
/**
 * Challenges one wallet address may be issued per window, whoever asks: a visitor retrying a refused or closed wallet
 * prompt a few times fits, a stream of starts (to churn one wallet's challenges) does not. Each client IP also spends
 * one of its IP_SEND_LIMIT sends per challenge, which is what stops one client inventing addresses by the thousand.
 */
export const CRYPTO_WALLET_START_LIMIT = 10;
/** Length of the per-address challenge window. */
export const CRYPTO_WALLET_START_WINDOW_MS = 60_000;
/**
 * Live challenges kept per wallet address: a start beyond this deletes the oldest, so no address ever holds more
 * rows than this, however many starts get through the limits over a challenge's lifetime.
 */
export const CRYPTO_WALLET_LIVE_CHALLENGES_MAX = 5;
/** Expired challenges (of any wallet) one start deletes at most: the sweep stays a short statement after a flood. */
export const CRYPTO_WALLET_CHALLENGE_SWEEP_BATCH = 100;
/**
 * The first key of the two-key advisory lock a start takes on its wallet address (the second is the address's
 * hash), so parallel starts for one address take turns on every instance. The two-key space is apart from the
 * one-key space MIGRATION_ADVISORY_LOCK_KEY uses; any constant works.
 */
export const CRYPTO_WALLET_CHALLENGE_LOCK_CLASS = 7_243_515;

// Issue 16: the OpenID provider (oidc/provider.ts). Lifetimes in seconds, as oidc-provider takes them.
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
