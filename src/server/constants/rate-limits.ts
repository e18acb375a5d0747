// What one client IP may do per window, how rate-limit rows are keyed and swept, and the lockout of one user after
// repeated failures. Each address's own send limits are beside their feature (magic-links.ts, passcodes.ts,
// passwords.ts, crypto-wallets.ts).

// Per user, and per organization member with the same values: the lockout (services/lockout.ts).

/** Failed passcode checks for one user, across codes, within the window below that lock the user. */
export const USER_LOCK_FAILURE_LIMIT = 10;
/** The window the failures above are counted in. */
export const USER_LOCK_FAILURE_WINDOW_MS = 60 * 60_000;
/** How long a locked user cannot authenticate with a passcode: an hour makes guessing hopeless (≤ 240 tries a day). */
export const USER_LOCK_DURATION_MS = 60 * 60_000;

// Per client IP.

/**
 * Sends (magic links, passcodes on any channel, reset emails, crypto wallet challenges) one client IP may start per
 * window. High, because a campus or school network puts hundreds of students behind one NAT address; low enough that
 * one client cannot use the service to mail-bomb or SMS-pump thousands of addresses (each address also has its own
 * limit: MAGIC_LINK_SEND_LIMIT, OTP_SEND_LIMIT, PASSWORD_RESET_SEND_LIMIT, CRYPTO_WALLET_START_LIMIT).
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

// How limits are kept.

/** How a request whose peer address is unknown is keyed: all such requests share one budget (fail closed). */
export const UNKNOWN_IP_KEY = 'unknown';
/** Every this many takes, a process deletes expired rate-limit rows: often enough that the table stays small. */
export const RATE_LIMIT_SWEEP_EVERY_TAKES = 100;
/** At most this many expired rows per sweep, so one sweep is a short statement even after a flood. */
export const RATE_LIMIT_SWEEP_BATCH = 1_000;
