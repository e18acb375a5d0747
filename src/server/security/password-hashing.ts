import { hash, verify, type Options } from '@node-rs/argon2';
import {
  ARGON2_MEMORY_COST_KIB,
  ARGON2_OUTPUT_BYTES,
  ARGON2_PARALLELISM,
  ARGON2_TIME_COST,
} from '../constants/passwords.ts';

/** The library's `Algorithm.Argon2id` (a const enum, which this build's `verbatimModuleSyntax` cannot import). */
const ARGON2ID = 2 as Options['algorithm'];

const OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: ARGON2_MEMORY_COST_KIB,
  timeCost: ARGON2_TIME_COST,
  parallelism: ARGON2_PARALLELISM,
  outputLen: ARGON2_OUTPUT_BYTES,
};

/** The PHC string `$argon2id$v=19$m=…,t=…,p=…$<salt>$<digest>` with a fresh random salt; all the database keeps. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Whether `password` is the one `passwordHash` was made from (the library compares the digests in constant time). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no hash to check (an unknown address, a user without a
 * password), so the response time does not tell which addresses have passwords.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
