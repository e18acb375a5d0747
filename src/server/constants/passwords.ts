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

// Password hashes imported from another system (`npm run import-users`), in the hosted provider's migration formats.
// Each is checked once, at its first sign-in, and then replaced by our Argon2id hash; the bounds below keep that one
// check from costing a server more than a slow login, whatever a typo in an import file says.

/** The hosted provider's `hash_type` names of the formats the import takes. */
export const IMPORTED_HASH_TYPES = ['argon_2i', 'argon_2id', 'bcrypt', 'scrypt'] as const;
/**
 * Highest bcrypt cost: 2^14 rounds is about a second on one core. Sites use 10 to 12 (the libraries' defaults); a
 * higher cost would hold a worker thread for many seconds per sign-in.
 */
export const IMPORTED_BCRYPT_MAX_COST = 14;
/**
 * Highest Argon2 memory, time and lanes of an imported hash: 256 MiB is libsodium's "moderate" limit, the largest any
 * common library's default asks; 10 passes and 8 lanes are well above what libraries use (1 to 4 each).
 */
export const IMPORTED_ARGON2_MAX_MEMORY_KIB = 262_144;
export const IMPORTED_ARGON2_MAX_TIME_COST = 10;
export const IMPORTED_ARGON2_MAX_PARALLELISM = 8;
/** The hosted provider's bound on scrypt's N (a power of two above 1): 2^18. */
export const IMPORTED_SCRYPT_MAX_N = 262_144;
/**
 * Highest scrypt r and p, and the memory one check may take (OpenSSL's count: 128·r·(N + 2 + p) bytes): the common
 * parameters (N 2^14 to 2^17, r 8, p 1) take 16 to 128 MiB; N 2^18 with r 8 is the largest the bound lets through.
 */
export const IMPORTED_SCRYPT_MAX_R = 32;
export const IMPORTED_SCRYPT_MAX_P = 16;
export const IMPORTED_SCRYPT_MAX_MEMORY_BYTES = 272 * 1024 * 1024;
/**
 * Derived key lengths an imported scrypt hash may have: 16 bytes (128 bits) at least, so that matching it by chance
 * is out of reach; 128 at most, twice the longest default (64) of the common libraries.
 */
export const IMPORTED_SCRYPT_MIN_KEY_BYTES = 16;
export const IMPORTED_SCRYPT_MAX_KEY_BYTES = 128;
