// OpenID Connect ID tokens (compact JWS, RFC 7515/7519) verified with node:crypto against a key set: Google's for
// real One Tap credentials (RS256), the dev identity provider's for dev ones (ES256).
import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { ID_TOKEN_CLOCK_SKEW_SECONDS } from '../constants/social.ts';
import { message, type Message } from '../i18n/message.ts';

export type IdTokenClaims = Record<string, unknown> & { sub: string };
export type IdTokenResult = { ok: true; claims: IdTokenClaims } | { ok: false; reason: Message };

export interface IdTokenExpectations {
  keys: readonly (JsonWebKey & { kid?: string })[];
  issuers: readonly string[];
  audience: string;
  nowMs: number;
}

/** The algorithms we accept, each with the key type it needs; the token cannot pick anything else (never `none`). */
const ALGORITHMS: Record<string, { kty: string; digest: string; dsaEncoding?: 'ieee-p1363' }> = {
  RS256: { kty: 'RSA', digest: 'sha256' },
  ES256: { kty: 'EC', digest: 'sha256', dsaEncoding: 'ieee-p1363' },
};

export function verifyIdToken(token: string, expected: IdTokenExpectations): IdTokenResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: message('idTokenNotCompactJwt') };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  const algorithm = ALGORITHMS[String(header?.alg)];
  if (!header || !algorithm) return { ok: false, reason: message('idTokenAlgorithmUnsupported') };
  const key = expected.keys.find((k) => k.kty === algorithm.kty && (header.kid === undefined || k.kid === header.kid));
  if (!key) return { ok: false, reason: message('idTokenKeyUnknown') };
  if (!signatureVerifies(`${headerPart}.${payloadPart}`, signaturePart, key, algorithm)) {
    return { ok: false, reason: message('idTokenSignatureNotVerified') };
  }
  const claims = decodeJson(payloadPart);
  if (!claims) return { ok: false, reason: message('idTokenPayloadNotObject') };
  return checkClaims(claims, expected);
}

function checkClaims(claims: Record<string, unknown>, expected: IdTokenExpectations): IdTokenResult {
  const reason = registeredClaimsProblem(claims, { ...expected, skewSeconds: ID_TOKEN_CLOCK_SKEW_SECONDS });
  if (reason) return { ok: false, reason };
  if (typeof claims.sub !== 'string' || claims.sub === '') return { ok: false, reason: message('idTokenHasNoSubject') };
  return { ok: true, claims: claims as IdTokenClaims };
}

/**
 * RFC 7519's registered claims: `iss` one of `issuers`, `aud` (or one of them) the audience, `exp` present and not
 * past, `nbf`/`iat` not in the future, each with `skewSeconds` of tolerance. Null when all hold, else the reason.
 */
export function registeredClaimsProblem(
  claims: Record<string, unknown>,
  expected: { issuers: readonly string[]; audience: string; nowMs: number; skewSeconds: number },
): Message | null {
  const now = Math.floor(expected.nowMs / 1000);
  const aud = claims.aud;
  if (!expected.issuers.includes(String(claims.iss))) return message('claimsIssuerUnexpected');
  if (!(aud === expected.audience || (Array.isArray(aud) && aud.includes(expected.audience)))) {
    return message('claimsAudienceUnexpected');
  }
  if (typeof claims.exp !== 'number' || claims.exp + expected.skewSeconds < now) return message('claimsExpired');
  for (const claim of ['nbf', 'iat']) {
    const value = claims[claim];
    if (typeof value === 'number' && value - expected.skewSeconds > now) return message('claimsNotYetValid');
  }
  return null;
}

function signatureVerifies(
  signingInput: string,
  signature: string,
  jwk: JsonWebKey,
  algorithm: { digest: string; dsaEncoding?: 'ieee-p1363' },
): boolean {
  try {
    const key = createPublicKey({ key: jwk, format: 'jwk' });
    const options = algorithm.dsaEncoding ? { key, dsaEncoding: algorithm.dsaEncoding } : key;
    return verify(algorithm.digest, Buffer.from(signingInput), options, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

/** One base64url JSON part of a compact JWS, if it is an object. */
export function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
