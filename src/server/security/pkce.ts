import { createHash } from 'node:crypto';
import { CODE_CHALLENGE_PATTERN } from '../constants/secrets.ts';
import { secretsEqual } from './tokens.ts';

/** RFC 7636 S256: base64url(SHA-256(ASCII(code_verifier))) without padding. */
export function s256Challenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}

/** Whether `codeVerifier` is the one the stored challenge was made from (constant time). */
export function verifyPkce(codeVerifier: string, codeChallenge: string): boolean {
  return secretsEqual(s256Challenge(codeVerifier), codeChallenge);
}

/** A well-formed S256 challenge; anything else could never match a verifier. */
export function isS256Challenge(value: string): boolean {
  return CODE_CHALLENGE_PATTERN.test(value);
}
