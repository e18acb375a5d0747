// `npm run export-users`: every user and their sign-in methods as JSON lines on stdout, without secrets
// (services/admin-export.ts), from the database the service uses (service-command.ts).
import { once } from 'node:events';
import { exportUsers } from './services/admin-export.ts';
import { withServiceFromEnv } from './service-command.ts';

const count = await withServiceFromEnv((service) =>
  exportUsers(service, async (line) => {
    if (!process.stdout.write(line)) await once(process.stdout, 'drain');
  }),
);
process.stderr.write(`Exported ${count} users.\n`);
