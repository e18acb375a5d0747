// `npm run backup` and `npm run restore`: a copy of the embedded database's folder (DATA_DIR, default .data) as one
// gzipped tar made by PGlite itself (dumpDataDir), and that copy written into a new, empty folder. Plain JavaScript on
// PGlite alone (a dependency of the service), so it runs in a deployment without the build tools.
//
// The folder belongs to one process: while the service runs, another process opening it would corrupt it, so a backup
// is taken with the service stopped (SIGTERM: it closes the database and exits). A running service leaves
// `postmaster.pid` in the folder; the backup refuses such a folder. PostgreSQL (DATABASE_URL) is backed up with
// pg_dump instead (README, "Backups").
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/** The file a running (or killed) PGlite leaves in its folder; a clean close removes it. */
const RUNNING_MARKER = 'postmaster.pid';
/** The table every migrated service database has: a backup or restore without it is not the service's database. */
const SCHEMA_CHECK = 'select count(*)::int as n from schema_migrations';

/** Writes a gzipped copy of the database in `dataDir` to `file`; returns the number of migrations it holds. */
export async function backupDataDir(dataDir, file) {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} holds no database.`);
  if (fs.existsSync(path.join(dataDir, RUNNING_MARKER))) {
    throw new Error(
      `${dataDir} is open in a service (or one was killed without closing it): stop the service with SIGTERM ` +
        '(after a crash, start and stop it once), then back up.',
    );
  }
  const pg = await PGlite.create(dataDir);
  try {
    const migrations = await countMigrations(pg);
    const dump = await pg.dumpDataDir('gzip');
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    // Written beside the target and renamed, so a backup that fails half-way never looks like a finished one.
    const partial = `${file}.partial`;
    fs.writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    return migrations;
  } finally {
    await pg.close();
  }
}

/** Writes the backup `file` into `dataDir`, which must be empty or absent; returns the number of migrations. */
export async function restoreDataDir(file, dataDir) {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty: restore into a new folder, then point DATA_DIR at it.`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
  try {
    return await countMigrations(pg);
  } finally {
    await pg.close();
  }
}

async function countMigrations(pg) {
  const result = await pg.query(SCHEMA_CHECK);
  return result.rows[0].n;
}

async function main([command, first, second]) {
  const dataDir = process.env.DATA_DIR || '.data';
  if (command === 'backup' && first) {
    const migrations = await backupDataDir(dataDir, first);
    console.log(`Backed up ${dataDir} (${migrations} migrations) to ${first}.`);
  } else if (command === 'restore' && first && second) {
    const migrations = await restoreDataDir(first, second);
    console.log(
      `Restored ${first} (${migrations} migrations) into ${second}; start the service with DATA_DIR=${second}.`,
    );
  } else {
    console.error('Usage: npm run backup -- <file.tar.gz>   (DATA_DIR, default .data, with the service stopped)');
    console.error('       npm run restore -- <file.tar.gz> <new-empty-folder>');
    process.exitCode = 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
