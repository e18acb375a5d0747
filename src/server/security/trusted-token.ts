// Trusted auth tokens for /sessions/attest: compact JWS with HS256 (RFC 7515/7519), verified with node:crypto.
import { createHmac } from 'node:crypto';
import type { TrustedAuthProfile } from '../config.ts';
import { TRUSTED_TOKEN_CLOCK_SKEW_SECONDS } from '../constants/sessions.ts';
import { decodeJson, registeredClaimsProblem } from './id-tokens.ts';
import { message, type Message } from '../i18n/message.ts';
import { secretsEqual } from './tokens.ts';

export type TrustedTokenResult = { ok: true; email: string; jti: string } | { ok: false; reason: Message };

/** Signs claims for a profile (tests and the dev tools use it; a real issuer signs with the same shared secret). */
export function signTrustedToken(profile: TrustedAuthProfile, claims: Record<string, unknown>): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', profile.secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Only HS256 is accepted (never `none`, never an algorithm the token picks), then iss, aud, exp, nbf and email. */
export function verifyTrustedToken(profile: TrustedAuthProfile, token: string, nowMs: number): TrustedTokenResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: message('tokenNotCompactJwt') };
  const [headerPart, payloadPart, signature] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  if (header?.alg !== 'HS256') return { ok: false, reason: message('tokenAlgorithmNotHs256') };
  const expected = createHmac('sha256', profile.secret).update(`${headerPart}.${payloadPart}`).digest('base64url');
  if (!secretsEqual(expected, signature)) return { ok: false, reason: message('tokenSignatureNotVerified') };
  const claims = decodeJson(payloadPart);
  if (!claims) return { ok: false, reason: message('tokenPayloadNotObject') };
  const reason = registeredClaimsProblem(claims, {
    issuers: [profile.issuer],
    audience: profile.audience,
    nowMs,
    skewSeconds: TRUSTED_TOKEN_CLOCK_SKEW_SECONDS,
  });
  if (reason) return { ok: false, reason };
  if (typeof claims.email !== 'string') return { ok: false, reason: message('tokenHasNoEmail') };
  return { ok: true, email: claims.email, jti: typeof claims.jti === 'string' ? claims.jti : '' };
}
