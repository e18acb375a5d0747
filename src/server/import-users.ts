// `npm run import-users < users.jsonl`: users with password hashes from another system, one JSON line each
// (import-users.schemas.ts, services/admin-import.ts), into the database the service uses (service-command.ts). Each
// refused line is reported on stderr with its line number and nothing of it is written; the others are imported.
// Exits with 1 when any line was refused, so a script notices.
import readline from 'node:readline';
import { importUsers } from './services/admin-import.ts';
import { withServiceFromEnv } from './service-command.ts';

const counts = await withServiceFromEnv((service) =>
  importUsers(
    service,
    readline.createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY }),
    (refused) => {
      process.stderr.write(`line ${refused.line}: ${refused.error.errorType}: ${refused.error.message}\n`);
    },
  ),
);
process.stderr.write(`Imported ${counts.imported} users; refused ${counts.refused} lines.\n`);
if (counts.refused > 0) process.exitCode = 1;
