// TOTP authenticators (RFC 4226 and RFC 6238) and their recovery codes.

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
