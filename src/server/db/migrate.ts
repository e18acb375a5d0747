import fs from 'node:fs/promises';
import { MIGRATION_ADVISORY_LOCK_KEY } from './constants.ts';
import type { Db } from './db.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/**
 * Applies every `migrations/NNN_name.sql` not yet recorded in `schema_migrations`, in file-name order, in one
 * transaction. The advisory lock makes two services starting on one PostgreSQL server take turns.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = await migrationFiles();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_ADVISORY_LOCK_KEY]);
    await tx.exec(
      `create table if not exists schema_migrations
         (version text primary key, applied_at timestamptz not null default now())`,
    );
    const applied = new Set(
      (await tx.query<{ version: string }>('select version from schema_migrations')).map((row) => row.version),
    );
    const appliedNow: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      await tx.exec(await fs.readFile(new URL(file, MIGRATIONS_DIR), 'utf8'));
      await tx.query('insert into schema_migrations (version) values ($1)', [file]);
      appliedNow.push(file);
    }
    return appliedNow;
  });
}

/** The migration files this code expects, in order. */
async function migrationFiles(): Promise<string[]> {
  return (await fs.readdir(MIGRATIONS_DIR)).filter((name) => /^\d+_.+\.sql$/.test(name)).sort();
}

/** Migration files not recorded as applied (readiness: /readyz); throws when the database does not answer. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const rows = await db.query<{ version: string }>('select version from schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  return (await migrationFiles()).filter((file) => !applied.has(file));
}
