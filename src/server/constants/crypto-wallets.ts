// Crypto wallets (Sign-In with Ethereum, EIP-4361): the challenge, the message's fields, and what one address or one
// client may ask for.

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

// What one address or one client may ask for.

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
