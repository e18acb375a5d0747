// Password hashes made by other systems, in the formats of the hosted provider's password migration: Argon2i and
// Argon2id PHC strings, bcrypt ($2a$, $2b$, $2y$), and scrypt with its salt and N, r, p. Read and bounded when a user
// is imported (`npm run import-users`), checked at that user's first sign-in (services/passwords.ts), after which our
// own Argon2id hash replaces it.
import { scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';
import { verify as verifyArgon2 } from '@node-rs/argon2';
import { verify as verifyBcrypt } from '@node-rs/bcrypt';
import {
  IMPORTED_ARGON2_MAX_MEMORY_KIB,
  IMPORTED_ARGON2_MAX_PARALLELISM,
  IMPORTED_ARGON2_MAX_TIME_COST,
  IMPORTED_BCRYPT_MAX_COST,
  IMPORTED_SCRYPT_MAX_KEY_BYTES,
  IMPORTED_SCRYPT_MAX_MEMORY_BYTES,
  IMPORTED_SCRYPT_MAX_N,
  IMPORTED_SCRYPT_MAX_P,
  IMPORTED_SCRYPT_MAX_R,
  IMPORTED_SCRYPT_MIN_KEY_BYTES,
  type IMPORTED_HASH_TYPES,
} from '../constants/passwords.ts';
import { Errors } from '../http/errors.ts';

export type ImportedHashType = (typeof IMPORTED_HASH_TYPES)[number];

/** The hosted provider's `scrypt_config`: the salt in base64, N, r, p and the derived key's length in bytes. */
export interface ScryptConfig {
  salt: string;
  n_parameter: number;
  r_parameter: number;
  p_parameter: number;
  key_length: number;
}

// bcrypt's own base64 alphabet: the 22-character salt and 31-character digest after the cost.
const BCRYPT = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;
const BCRYPT_MIN_COST = 4;
// `$argon2id$v=19$m=65536,t=3,p=4$<salt>$<digest>`; the version is absent in hashes from Argon2's first release.
const ARGON2 = /^\$(argon2i|argon2id)\$(?:v=(?:16|19)\$)?m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;
// How an imported scrypt hash is stored: its parameters and both byte strings, in one self-describing string.
const SCRYPT = /^\$scrypt\$n=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** What each format looks like, for the message refusing a hash that is not of it. */
const FORMS: Record<Exclude<ImportedHashType, 'scrypt'>, string> = {
  argon_2i: '$argon2i$v=19$m=…,t=…,p=…$<salt>$<digest>',
  argon_2id: '$argon2id$v=19$m=…,t=…,p=…$<salt>$<digest>',
  bcrypt: '$2b$<cost>$<53 characters> ($2a$ and $2y$ too)',
};

/**
 * The imported hash as it is stored: an Argon2 or bcrypt string as given, scrypt as `$scrypt$n=…,r=…,p=…$<salt>$<key>`
 * (standard base64). Throws `invalid_request` naming what is wrong: a hash not of its type's form, or parameters past
 * the bounds in constants/passwords.ts.
 */
export function storableImportedHash(type: ImportedHashType, hash: string, scryptConfig?: ScryptConfig): string {
  if (type === 'scrypt') return storableScrypt(hash, scryptConfig);
  if (type === 'bcrypt') {
    const cost = BCRYPT.exec(hash)?.[1];
    if (cost === undefined) throw malformed(type);
    inRange('hash (bcrypt cost)', Number(cost), BCRYPT_MIN_COST, IMPORTED_BCRYPT_MAX_COST);
    return hash;
  }
  const match = ARGON2.exec(hash);
  if (!match || match[1] !== type.replace('_', '')) throw malformed(type);
  inRange('hash (m)', Number(match[2]), 1, IMPORTED_ARGON2_MAX_MEMORY_KIB);
  inRange('hash (t)', Number(match[3]), 1, IMPORTED_ARGON2_MAX_TIME_COST);
  inRange('hash (p)', Number(match[4]), 1, IMPORTED_ARGON2_MAX_PARALLELISM);
  return hash;
}

function storableScrypt(hash: string, config: ScryptConfig | undefined): string {
  if (!config) throw Errors.invalidRequest('fieldRequired', { field: 'scrypt_config' });
  const { n_parameter: n, r_parameter: r, p_parameter: p, key_length: keyLength } = config;
  if (!Number.isInteger(n) || n < 2 || n > IMPORTED_SCRYPT_MAX_N || (n & (n - 1)) !== 0) {
    throw Errors.invalidRequest('fieldNotPowerOfTwo', { field: 'n_parameter', min: 2, max: IMPORTED_SCRYPT_MAX_N });
  }
  inRange('r_parameter', r, 1, IMPORTED_SCRYPT_MAX_R);
  inRange('p_parameter', p, 1, IMPORTED_SCRYPT_MAX_P);
  inRange('key_length', keyLength, IMPORTED_SCRYPT_MIN_KEY_BYTES, IMPORTED_SCRYPT_MAX_KEY_BYTES);
  const memory = scryptMemory(n, r, p);
  if (memory > IMPORTED_SCRYPT_MAX_MEMORY_BYTES) {
    throw Errors.invalidRequest('importedScryptMemory', {
      mebibytes: Math.ceil(memory / 2 ** 20),
      max: IMPORTED_SCRYPT_MAX_MEMORY_BYTES / 2 ** 20,
    });
  }
  const salt = base64Bytes(config.salt, 'salt');
  const key = base64Bytes(hash, 'hash');
  if (key.length !== keyLength) throw Errors.invalidRequest('importedScryptKeyLength', { keyLength });
  return `$scrypt$n=${n},r=${r},p=${p}$${unpadded(salt)}$${unpadded(key)}`;
}

/**
 * Whether `password` is the one an imported hash was made from. The libraries compare digests in constant time
 * (argon2's and bcrypt's own verification), scrypt's derived key is compared with `timingSafeEqual`. A hash the
 * library cannot read counts as no match, as with our own hashes.
 */
export async function verifyImportedPassword(type: string, stored: string, password: string): Promise<boolean> {
  try {
    if (type === 'bcrypt') return await verifyBcrypt(password, stored);
    if (type === 'argon_2i' || type === 'argon_2id') return await verifyArgon2(stored, password);
    if (type === 'scrypt') return await verifyScrypt(stored, password);
    return false;
  } catch {
    return false;
  }
}

async function verifyScrypt(stored: string, password: string): Promise<boolean> {
  const match = SCRYPT.exec(stored);
  if (!match) return false;
  const [n, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const salt = Buffer.from(match[4] ?? '', 'base64');
  const key = Buffer.from(match[5] ?? '', 'base64');
  const derived = await scryptAsync(password, salt, key.length, { N: n, r, p, maxmem: scryptMemory(n, r, p) });
  return timingSafeEqual(derived, key);
}

function scryptAsync(password: BinaryLike, salt: BinaryLike, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** The memory one scrypt computation takes, as OpenSSL counts it (and refuses past `maxmem`): 128·r·(N + 2 + p). */
function scryptMemory(n: number, r: number, p: number): number {
  return 128 * r * (n + 2 + p);
}

/** Standard or URL-safe base64, padded or not, that decodes to at least one byte and back to itself. */
function base64Bytes(value: string, field: string): Buffer {
  const standard = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const bytes = Buffer.from(standard, 'base64');
  if (!/^[A-Za-z0-9+/]+$/.test(standard) || unpadded(bytes) !== standard) {
    throw Errors.invalidRequest('fieldNotBase64', { field });
  }
  return bytes;
}

function unpadded(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}

function inRange(field: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw Errors.invalidRequest('wholeNumberOutOfRange', { field, min, max });
  }
}

function malformed(type: Exclude<ImportedHashType, 'scrypt'>) {
  return Errors.invalidRequest('importedHashMalformed', { field: 'hash', hashType: type, form: FORMS[type] });
}
