// Passwords: how they are hashed and checked for strength, and the reset emails.

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
