// Secrets that must be read back (TOTP seeds, the session-signing private key) are sealed with AES-256-GCM under a
// key derived from AUTH_SECRET_KEY. Format: `v1:<kid>:<iv b64url>:<ciphertext+tag b64url>`. The kid names the key,
// so rows under a previous key still open after a rotation; the `context` (e.g. `totp:<id>`) is bound as GCM
// additional data, so a ciphertext copied into another row does not open there.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AES_GCM_IV_BYTES, AES_GCM_TAG_BYTES, SEALED_SECRET_VERSION } from '../constants/secrets.ts';
import type { EncryptionKey, SecretKeys } from './secret-keys.ts';

/** A sealed value that does not open: unknown key, tampered bytes, or a malformed string. Never silently ignored. */
export class SecretDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretDecryptionError';
  }
}

export function isSealed(value: string): boolean {
  return value.startsWith(`${SEALED_SECRET_VERSION}:`);
}

/** The key id a sealed value names, or null for a plaintext value (a row written before encryption existed). */
export function sealedKeyId(value: string): string | null {
  return isSealed(value) ? (value.split(':')[1] ?? null) : null;
}

export function seal(keys: SecretKeys, plaintext: string, context: string): string {
  const iv = randomBytes(AES_GCM_IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [SEALED_SECRET_VERSION, keys.current.kid, iv.toString('base64url'), body.toString('base64url')].join(':');
}

/** The plaintext of a sealed value; throws SecretDecryptionError (naming the key id) when it cannot be opened. */
export function open(keys: SecretKeys, sealed: string, context: string): string {
  const parts = sealed.split(':');
  if (parts.length !== 4 || parts[0] !== SEALED_SECRET_VERSION) {
    throw new SecretDecryptionError(
      `A stored secret (${context}) is not in the ${SEALED_SECRET_VERSION} sealed format.`,
    );
  }
  const [, kid, ivText, bodyText] = parts as [string, string, string, string];
  const key = keyById(keys, kid);
  if (!key) {
    throw new SecretDecryptionError(
      `A stored secret (${context}) was encrypted with key id ${kid}, which is neither AUTH_SECRET_KEY nor one of ` +
        'AUTH_SECRET_KEY_PREVIOUS. Start with the key it was written under set as AUTH_SECRET_KEY_PREVIOUS.',
    );
  }
  const iv = Buffer.from(ivText, 'base64url');
  const body = Buffer.from(bodyText, 'base64url');
  if (iv.length !== AES_GCM_IV_BYTES || body.length < AES_GCM_TAG_BYTES) {
    throw new SecretDecryptionError(`A stored secret (${context}) is truncated.`);
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, iv, { authTagLength: AES_GCM_TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - AES_GCM_TAG_BYTES));
    return Buffer.concat([
      decipher.update(body.subarray(0, body.length - AES_GCM_TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SecretDecryptionError(
      `A stored secret (${context}) failed its integrity check: it was altered or corrupted.`,
    );
  }
}

/** Whether a stored value should be rewritten under the current key (plaintext, or sealed under a previous key). */
export function needsReseal(keys: SecretKeys, stored: string): boolean {
  return sealedKeyId(stored) !== keys.current.kid;
}

/** Opens a stored value that may still be plaintext (a row from before encryption existed). */
export function openOrPlain(keys: SecretKeys, stored: string, context: string): string {
  return isSealed(stored) ? open(keys, stored, context) : stored;
}

function keyById(keys: SecretKeys, kid: string): EncryptionKey | undefined {
  return [keys.current, ...keys.previous].find((key) => key.kid === kid);
}
