// AUTH_SECRET_KEY: parsing, and the purpose-bound keys derived from it (HKDF-SHA256, RFC 5869). The master key is
// never used directly; each use gets its own derived key, so a leak or misuse of one says nothing about another.
import { createHash, hkdfSync } from 'node:crypto';
import {
  HKDF_INFO_OIDC_COOKIES,
  HKDF_INFO_OTP_HMAC,
  HKDF_INFO_SECRET_ENCRYPTION,
  SECRET_KEY_BYTES,
  SECRET_KEY_ID_BYTES,
} from '../constants/secrets.ts';

/** One encryption key with the id stored beside every ciphertext it made. */
export interface EncryptionKey {
  kid: string;
  key: Buffer;
}

/** Everything derived from the current key and the previous ones (for rotation). */
export interface SecretKeys {
  /** HMAC key for passcodes at rest (security/otp-codes.ts). */
  otpHmacKey: Buffer;
  /** Signs oidc-provider's cookies (oidc/provider.ts). */
  oidcCookieKey: Buffer;
  /** Encrypts every new ciphertext. */
  current: EncryptionKey;
  /** Decrypt-only keys, from `previousSecretKeys`, so rows written before a rotation still open. */
  previous: readonly EncryptionKey[];
}

const HEX_KEY = new RegExp(`^[0-9a-fA-F]{${SECRET_KEY_BYTES * 2}}$`);
const BASE64_KEY = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * The 32 key bytes of an AUTH_SECRET_KEY written as 64 hex characters or as base64/base64url. Anything else throws
 * an error that names the setting and the expected form (it is raised at start, never in a request).
 */
export function parseSecretKey(text: string, name = 'AUTH_SECRET_KEY'): Buffer {
  const trimmed = text.trim();
  if (HEX_KEY.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (BASE64_KEY.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === SECRET_KEY_BYTES) return bytes;
  }
  throw new Error(
    `${name} must be ${SECRET_KEY_BYTES} random bytes written as ${SECRET_KEY_BYTES * 2} hex characters ` +
      `or as base64/base64url (for example the output of \`openssl rand -hex ${SECRET_KEY_BYTES}\`).`,
  );
}

function derive(master: Buffer, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, SECRET_KEY_BYTES));
}

/** The encryption key derived from a master key, with its id: the first bytes of SHA-256 of the derived key. */
export function encryptionKeyOf(master: Buffer): EncryptionKey {
  const key = derive(master, HKDF_INFO_SECRET_ENCRYPTION);
  return { kid: createHash('sha256').update(key).digest().subarray(0, SECRET_KEY_ID_BYTES).toString('hex'), key };
}

/** The derived keys for a service: `current` encrypts and keys the passcode HMAC, `previous` only decrypt. */
export function deriveSecretKeys(current: string, previous: readonly string[] = []): SecretKeys {
  const master = parseSecretKey(current);
  const currentKey = encryptionKeyOf(master);
  const previousKeys = previous
    .map((text, index) => encryptionKeyOf(parseSecretKey(text, `AUTH_SECRET_KEY_PREVIOUS[${index}]`)))
    .filter((key) => key.kid !== currentKey.kid);
  return {
    otpHmacKey: derive(master, HKDF_INFO_OTP_HMAC),
    oidcCookieKey: derive(master, HKDF_INFO_OIDC_COOKIES),
    current: currentKey,
    previous: previousKeys,
  };
}
