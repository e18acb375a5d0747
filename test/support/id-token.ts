// Verifies an ID token the way a relying party must: its signature against the issuer's published JWKS (by `kid`),
// then issuer, audience and expiry. node:crypto only; the service signs with ES256 (JWS signatures are IEEE P1363).
import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';

export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  [claim: string]: unknown;
}

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

export async function verifyIdToken(
  idToken: string,
  expected: { jwksUri: string; issuer: string; audience: string; now?: number },
): Promise<IdTokenClaims> {
  const [headerPart = '', payloadPart = '', signaturePart = ''] = idToken.split('.');
  const header = decode(headerPart);
  if (header.alg !== 'ES256') throw new Error(`unexpected alg ${String(header.alg)}`);
  const { keys } = (await (await fetch(expected.jwksUri)).json()) as { keys: (JsonWebKey & { kid?: string })[] };
  const jwk = keys.find((key) => key.kid === header.kid);
  if (!jwk) throw new Error(`no key ${String(header.kid)} in ${expected.jwksUri}`);
  const valid = verify(
    'sha256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!valid) throw new Error('the ID token signature does not verify against the JWKS');
  const claims = decode(payloadPart) as IdTokenClaims;
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== expected.issuer) throw new Error(`iss ${claims.iss} is not ${expected.issuer}`);
  if (!audiences.includes(expected.audience)) throw new Error(`aud ${audiences.join(' ')} lacks ${expected.audience}`);
  if (claims.exp * 1000 <= (expected.now ?? Date.now())) throw new Error('the ID token has expired');
  return claims;
}
