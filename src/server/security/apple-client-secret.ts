// Sign in with Apple has no fixed client secret: the client authenticates at Apple's token endpoint with a JWT it
// signs itself (ES256, with a key made in Apple's developer portal), sent as `client_secret`. Apple's documentation
// ("Creating a client secret"): header `alg` ES256 and `kid` the key id; claims `iss` the team id, `iat`, `exp` (at
// most six months later), `aud` https://appleid.apple.com and `sub` the client id (the Services ID).
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { APPLE_CLIENT_SECRET_LIFETIME_S } from '../constants/social.ts';

/** What Apple's developer portal gives for a Sign in with Apple key. */
export interface AppleSigningKey {
  /** The team id (10 characters, top right of the developer portal). */
  teamId: string;
  /** The key's id (10 characters). */
  keyId: string;
  /** The `.p8` file's contents: a PEM PKCS #8 P-256 private key. */
  privateKey: string;
}

/**
 * The key as node:crypto holds it; throws a message naming what is wrong, so a bad key stops the service at start
 * rather than failing every Apple sign-in later.
 */
export function appleKeyObject(key: AppleSigningKey): KeyObject {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(key.privateKey);
  } catch (error) {
    throw new Error(`The Apple private key is not a PEM private key: ${(error as Error).message}`);
  }
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('The Apple private key must be an elliptic-curve P-256 key (the .p8 file Apple issues).');
  }
  for (const field of ['teamId', 'keyId'] as const) {
    if (!key[field]) throw new Error(`The Apple signing key needs its ${field}.`);
  }
  return privateKey;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * A client secret for one token request: valid from now for APPLE_CLIENT_SECRET_LIFETIME_S. Minted per request
 * rather than kept for months, so a leaked secret is worth minutes. `audience` is Apple's issuer (a stand-in's in
 * tests).
 */
export function appleClientSecret(
  key: AppleSigningKey,
  privateKey: KeyObject,
  input: { clientId: string; audience: string; nowMs: number },
): string {
  const iat = Math.floor(input.nowMs / 1000);
  const header = base64url(JSON.stringify({ alg: 'ES256', kid: key.keyId }));
  const claims = base64url(
    JSON.stringify({
      iss: key.teamId,
      iat,
      exp: iat + APPLE_CLIENT_SECRET_LIFETIME_S,
      aud: input.audience,
      sub: input.clientId,
    }),
  );
  // JWS ES256 is the raw r‖s pair (RFC 7518 3.4), not DER.
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${header}.${claims}.${base64url(signature)}`;
}
