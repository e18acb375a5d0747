import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_BYTES } from '../constants/secrets.ts';

/** A bearer secret (magic-link token, session token): 256 random bits, base64url so it travels in URLs and cookies. */
export function newSecretToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * What the database stores instead of a token. A plain SHA-256 is enough (no salt, no slow hash): the tokens are
 * 256-bit random values, so there is nothing to brute-force, and a fast digest lets us look a token up by it.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Compares two secrets in constant time. Both sides are hashed first, so the comparison also hides their lengths
 * (timingSafeEqual itself needs equal lengths).
 */
export function secretsEqual(a: string, b: string): boolean {
  const digestA = createHash('sha256').update(a, 'utf8').digest();
  const digestB = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(digestA, digestB);
}
