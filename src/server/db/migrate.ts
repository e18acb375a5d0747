import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  MIGRATION_ADVISORY_LOCK_KEY,
  MIGRATION_ATTEMPTS,
  MIGRATION_LOCK_TIMEOUT_MS,
  MIGRATION_RETRY_BACKOFF_MS,
} from './constants.ts';
import type { Db } from './db.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/**
 * Applies every `migrations/NNN_name.sql` not yet recorded in `schema_migrations`, in file-name order, in one
 * transaction. The advisory lock makes two services starting on one PostgreSQL server take turns.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = await migrationFiles();
  for (let attempt = 1; ; attempt++) {
    try {
      return await applyPending(db, files);
    } catch (error) {
      if (attempt >= MIGRATION_ATTEMPTS || !isLockConflict(error)) throw error;
      await sleep(MIGRATION_RETRY_BACKOFF_MS * attempt);
    }
  }
}

/**
 * Lock timeout (55P03) or deadlock (40P01): the migration met a running request's transaction and yielded to it
 * (MIGRATION_LOCK_TIMEOUT_MS); everything it did was rolled back, so it can simply run again.
 */
function isLockConflict(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return code === '55P03' || code === '40P01';
}

async function applyPending(db: Db, files: string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_ADVISORY_LOCK_KEY]);
    // After the advisory lock, which may rightly wait for another instance's whole migration.
    await tx.exec(`set local lock_timeout = ${MIGRATION_LOCK_TIMEOUT_MS}`);
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
