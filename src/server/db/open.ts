import type { DatabaseOptions, Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const db =
    options.kind === 'postgres'
      ? await openPostgres(options.url)
      : await openPglite(options.kind === 'pglite' ? options.dataDir : undefined);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
