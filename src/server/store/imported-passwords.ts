// Users imported from another system (`npm run import-users`, services/admin-import.ts): the name and metadata the
// import gives, and a password row holding the other system's hash (migration 021) until the first sign-in with it
// replaces it by our own Argon2id hash.
import type { Db } from '../db/db.ts';
import type { JsonObject } from '../http/validate.ts';
import { newId } from '../ids.ts';
import type { PasswordRow } from './passwords.ts';
import { iso } from './time.ts';

export interface ImportedProfile {
  first_name?: string | undefined;
  middle_name?: string | undefined;
  last_name?: string | undefined;
  trusted_metadata?: JsonObject | undefined;
  untrusted_metadata?: JsonObject | undefined;
}

/** The imported user's name parts and metadata, on the user row the import's transaction just made. */
export async function setImportedProfile(db: Db, userId: string, profile: ImportedProfile): Promise<void> {
  await db.query(
    `update users set first_name = $2, middle_name = $3, last_name = $4, trusted_metadata = $5::jsonb,
       untrusted_metadata = $6::jsonb where id = $1`,
    [
      userId,
      profile.first_name ?? '',
      profile.middle_name ?? '',
      profile.last_name ?? '',
      JSON.stringify(profile.trusted_metadata ?? {}),
      JSON.stringify(profile.untrusted_metadata ?? {}),
    ],
  );
}

/**
 * The imported hash a password row still signs in by (our hash not yet written, an import there), or null. A hash of
 * ours outranks an import, even one a previous release wrote beside it (migration 021).
 */
export function importedHashInForce(row: PasswordRow): { type: string; hash: string } | null {
  if (row.password_hash !== '' || row.imported_hash_type === null || row.imported_hash === null) return null;
  return { type: row.imported_hash_type, hash: row.imported_hash };
}

/**
 * The user's password as the imported hash (`password_hash` stays '' until the first sign-in: see the migration).
 * `requiresReset`: the hash is checked but never signs in; a right password answers `reset_password` instead.
 */
export async function insertImportedPassword(
  db: Db,
  input: { userId: string; hashType: string; hash: string; requiresReset: boolean; now: number },
): Promise<void> {
  await db.query(
    `insert into user_passwords
       (id, user_id, password_hash, requires_reset, imported_hash_type, imported_hash, created_at, updated_at)
     values ($1, $2, '', $3, $4, $5, $6::timestamptz, $6::timestamptz)`,
    [newId(db, 'password'), input.userId, input.requiresReset, input.hashType, input.hash, iso(input.now)],
  );
}

/**
 * After a sign-in with the imported hash: our Argon2id hash in its place, and the imported one gone. Only while that
 * same imported hash is still there (one conditional UPDATE): a reset or a concurrent sign-in that already replaced it
 * wins, and this does nothing.
 */
export async function replaceImportedPassword(
  db: Db,
  input: { userId: string; importedHash: string; passwordHash: string; now: number },
): Promise<void> {
  await db.query(
    `update user_passwords set password_hash = $3, imported_hash_type = null, imported_hash = null,
       updated_at = $4::timestamptz
     where user_id = $1 and imported_hash = $2 and password_hash = ''`,
    [input.userId, input.importedHash, input.passwordHash, iso(input.now)],
  );
}
