import { createPrivateKey, generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import { JWT_ALGORITHM, JWT_CURVE } from '../constants/sessions.ts';
import type { IdEnvironment } from '../constants/identifiers.ts';
import { newId } from '../ids.ts';

/** A session-JWT signing key: the private half stays in the database, the public half is published as a JWK. */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: PublicJwk;
}

export interface PublicJwk {
  kty: 'EC';
  crv: typeof JWT_CURVE;
  x: string;
  y: string;
  kid: string;
  alg: typeof JWT_ALGORITHM;
  use: 'sig';
}

export interface StoredSigningKey {
  kid: string;
  privateKeyPem: string;
  publicJwk: PublicJwk;
}

/** A new key whose kid names `idEnvironment`: that of the database it is kept in (store/signing-keys.ts). */
export function generateSigningKey(idEnvironment: IdEnvironment): StoredSigningKey {
  const kid = newId({ idEnvironment }, 'jwk');
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: JWT_CURVE });
  const jwk = publicKey.export({ format: 'jwk' }) as JsonWebKey;
  return {
    kid,
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicJwk: { kty: 'EC', crv: JWT_CURVE, x: String(jwk.x), y: String(jwk.y), kid, alg: JWT_ALGORITHM, use: 'sig' },
  };
}

export function loadSigningKey(stored: StoredSigningKey): SigningKey {
  return { kid: stored.kid, privateKey: createPrivateKey(stored.privateKeyPem), publicJwk: stored.publicJwk };
}

/** A compact JWS (RFC 7515) signed ES256: the signature is r||s (IEEE P1363), not DER, as JOSE requires. */
export function signJwt(claims: Record<string, unknown>, key: SigningKey): string {
  const header = { alg: JWT_ALGORITHM, typ: 'JWT', kid: key.kid };
  const signingInput = `${base64urlJson(header)}.${base64urlJson(claims)}`;
  const signature = sign('sha256', Buffer.from(signingInput), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}

function base64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}
