// The service opened for a one-off command (`npm run export-users`, `npm run import-users`): the database the service
// would use (DATABASE_URL, else the embedded database in DATA_DIR; the embedded one only while the service is stopped,
// since one process at a time may hold it), with the same environment, so ids and roles read as the service's do.
import { createService, type Service } from './app.ts';
import { serviceOptionsFromEnv } from './env-options.ts';
import { findRepoRoot } from './paths.ts';

/** Runs `work` on the service this process's environment names, and closes it afterwards, whatever happened. */
export async function withServiceFromEnv<T>(work: (service: Service) => Promise<T>): Promise<T> {
  const service = await createService(serviceOptionsFromEnv(process.env, findRepoRoot(import.meta.url)));
  try {
    return await work(service);
  } finally {
    await service.close();
  }
}
