// Secrets: the size of random tokens, the PKCE bounds, and how secrets are kept at rest (AUTH_SECRET_KEY).

/** 32 random bytes = 256 bits: far beyond guessing, and 43 base64url characters in a URL. */
export const TOKEN_BYTES = 32;
/** RFC 7636 caps a code_verifier at 128 characters; the client's verifier is at most 128 hex digits. */
export const MAX_CODE_VERIFIER_LENGTH = 128;
/** An S256 code_challenge is base64url(SHA-256) without padding: exactly 43 characters. */
export const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// Secrets at rest (AUTH_SECRET_KEY).

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
