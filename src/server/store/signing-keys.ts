import type { Db } from '../db/db.ts';
import { JWT_ALGORITHM } from '../constants/sessions.ts';
import { open, seal } from '../security/encryption.ts';
import { generateSigningKey, type PublicJwk, type StoredSigningKey } from '../security/jwt.ts';
import type { SecretKeys } from '../security/secret-keys.ts';
import { iso } from './time.ts';

interface KeyRow {
  kid: string;
  private_key_pem: string;
  public_jwk: PublicJwk;
}

/**
 * The newest signing key, generated on the first start. Keeping it in the database means session JWTs issued
 * before a restart still verify after it. The private key is stored sealed (security/encryption.ts), bound to its kid.
 */
export async function ensureSigningKey(db: Db, secrets: SecretKeys, now: number): Promise<StoredSigningKey> {
  const newest = await newestKey(db, secrets);
  if (newest) return newest;
  const key = generateSigningKey(db.idEnvironment);
  await db.query(
    `insert into signing_keys (kid, algorithm, private_key_pem, public_jwk, created_at)
     values ($1, $2, $3, $4::jsonb, $5::timestamptz)`,
    [
      key.kid,
      JWT_ALGORITHM,
      seal(secrets, key.privateKeyPem, signingKeyContext(key.kid)),
      JSON.stringify(key.publicJwk),
      iso(now),
    ],
  );
  // Two services starting on one empty PostgreSQL may both insert; both then agree on the newest.
  return (await newestKey(db, secrets)) ?? key;
}

/** The GCM additional data of a signing key's ciphertext: it opens only as the private key of this kid. */
export function signingKeyContext(kid: string): string {
  return `signing-key:${kid}`;
}

/** Every public key, so tokens signed by an older key (after a future rotation) still verify. */
export async function listPublicJwks(db: Db): Promise<PublicJwk[]> {
  const rows = await db.query<{ public_jwk: PublicJwk }>(
    'select public_jwk from signing_keys order by created_at desc, kid',
  );
  return rows.map((row) => row.public_jwk);
}

async function newestKey(db: Db, secrets: SecretKeys): Promise<StoredSigningKey | null> {
  const [row] = await db.query<KeyRow>(
    'select kid, private_key_pem, public_jwk from signing_keys order by created_at desc, kid limit 1',
  );
  if (!row) return null;
  return {
    kid: row.kid,
    privateKeyPem: open(secrets, row.private_key_pem, signingKeyContext(row.kid)),
    publicJwk: row.public_jwk,
  };
}
