import { createRequire } from 'node:module';

/**
 * The breached-password list: the 30,000 most common passwords of the Xato / Mark Burnett corpus of 10 million
 * leaked passwords, as zxcvbn 4.4.2 ships them (`zxcvbn/lib/frequency_lists.js`, key `passwords`; zxcvbn ranks
 * guesses against the same list). Entries are lower case, so the check is case-insensitive: `Password1` is as
 * breached as `password1`. Built once, on first use (the module is ~700 KB and only the service loads it).
 */
let breached: Set<string> | undefined;

function list(): Set<string> {
  if (!breached) {
    const require = createRequire(import.meta.url);
    const lists = require('zxcvbn/lib/frequency_lists.js') as { passwords: string[] };
    breached = new Set(lists.passwords);
  }
  return breached;
}

export function isBreachedPassword(password: string): boolean {
  return list().has(password.toLowerCase());
}

/** How many passwords the list holds (30,000; stated in docs/decisions.md). */
export function breachedPasswordCount(): number {
  return list().size;
}
