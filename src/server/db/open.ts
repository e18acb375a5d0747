import { ID_ENVIRONMENT, type IdEnvironment } from '../constants/identifiers.ts';
import type { DatabaseOptions, Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/**
 * Opens the configured database and brings its schema up to date. `environment` is that of the ids made in it
 * (db.ts): the service passes its mode's; a test or a bench opening one to seed or inspect it keeps development's.
 */
export async function openDatabase(options: DatabaseOptions, environment: IdEnvironment = ID_ENVIRONMENT): Promise<Db> {
  const db =
    options.kind === 'postgres'
      ? await openPostgres(options.url, environment)
      : await openPglite(options.kind === 'pglite' ? options.dataDir : undefined, environment);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
