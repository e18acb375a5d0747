// The users import (`npm run import-users`): users with password hashes from another system, one JSON line each
// (import-users.schemas.ts). Each line is one transaction: its user, address, name, metadata and imported password are
// all written or none is, and a refused line leaves nothing behind and stops nothing after it.
//
// Whose account it is (docs/decisions.md, "Importing users with password hashes"): an address the line marks verified
// is proven through the proof rule, as if the new user had proven it, and its imported password signs in. Any other
// address is held unproven, as a password sign-up's is, and its imported password never signs anyone in: the right
// password answers `reset_password`, so the account is reached only by proving the address (a reset email), which
// the proof rule then decides.
import type { Deps } from '../context.ts';
import { ApiError, Errors } from '../http/errors.ts';
import { parseImportLine, type ImportLine } from '../import-users.schemas.ts';
import { insertImportedPassword, setImportedProfile } from '../store/imported-passwords.ts';
import { createUserWithEmail } from '../store/users.ts';
import { proveContact } from './proof.ts';

/** A line that was not imported: its number in the file (from 1) and why. */
export interface RefusedLine {
  line: number;
  error: ApiError;
}

/**
 * Imports every non-blank line of `lines`, in order; `refused` hears of each line that was not imported, as it
 * happens. Answers how many users were imported and how many lines refused.
 */
export async function importUsers(
  deps: Pick<Deps, 'db' | 'config'>,
  lines: AsyncIterable<string> | Iterable<string>,
  refused: (line: RefusedLine) => void,
): Promise<{ imported: number; refused: number }> {
  // Ids carry the service's environment (`live` in production) through its database, as those a request makes do.
  const counts = { imported: 0, refused: 0 };
  let number = 0;
  for await (const text of lines) {
    number += 1;
    if (text.trim() === '') continue;
    try {
      await importUser(deps, parseImportLine(text));
      counts.imported += 1;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      counts.refused += 1;
      refused({ line: number, error });
    }
  }
  return counts;
}

/** One user, in one transaction. An address that belongs to anyone already is refused, never merged. */
async function importUser(deps: Pick<Deps, 'db' | 'config'>, line: ImportLine): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    // The address's unique index decides (createUserWithEmail): of two imports of one address, one is refused.
    const created = await createUserWithEmail(tx, line.email, now);
    if (!created) throw Errors.importedEmailTaken();
    if (line.emailVerified) {
      await proveContact(tx, {
        kind: 'email',
        value: line.email,
        prover: { kind: 'user', userId: created.userId },
        now,
      });
    }
    await setImportedProfile(tx, created.userId, line.profile);
    await insertImportedPassword(tx, {
      userId: created.userId,
      hashType: line.hashType,
      hash: line.hash,
      requiresReset: !line.emailVerified,
      now,
    });
    return created.userId;
  });
}
