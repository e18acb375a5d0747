import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Mutex, PGlite, type Transaction } from '@electric-sql/pglite';
import { PGLITE_SHARED_BUFFERS, PGLITE_TEMPLATE_CACHE_SUBDIR } from './constants.ts';
import { ID_ENVIRONMENT, type IdEnvironment } from '../constants/identifiers.ts';
import type { Db } from './db.ts';
import { findRepoRoot } from '../paths.ts';
import { preparedStatements, type PreparedStatements } from './pglite-statements.ts';
import { extractTar } from './tar.ts';

const execFileAsync = promisify(execFile);
/** Beside this module under tsx, beside main.js in dist-server (scripts/build-server.mjs copies it). */
const INITDB_SCRIPT = new URL('./pglite-initdb.mjs', import.meta.url);

/**
 * PGlite in memory (no dataDir) or in a data folder. Queries run as named prepared statements (pglite-statements.ts);
 * they bypass PGlite's own transaction lock, so this module keeps one: a query outside a transaction waits until the
 * running transaction has ended instead of landing inside it.
 */
export async function openPglite(dataDir?: string, idEnvironment: IdEnvironment = ID_ENVIRONMENT): Promise<Db> {
  const pg = await createPglite(dataDir);
  const statements = preparedStatements(pg);
  const lock = new Mutex();
  return {
    idEnvironment,
    query: <T>(sql: string, params: unknown[] = []) => lock.runExclusive(() => statements.query<T>(sql, params, false)),
    exec: (sql: string) => lock.runExclusive(async () => void (await pg.exec(sql))),
    transaction: (fn) =>
      lock.runExclusive(() => pg.transaction((tx) => fn(transactionDb(tx, statements, idEnvironment)))),
    close: () => pg.close(),
  };
}

/** The handle a transaction's work gets: the ids made in it say its database's environment. */
function transactionDb(tx: Transaction, statements: PreparedStatements, idEnvironment: IdEnvironment): Db {
  const db: Db = {
    idEnvironment,
    query: <T>(sql: string, params: unknown[] = []) => statements.query<T>(sql, params, true),
    exec: async (sql: string) => void (await tx.exec(sql)),
    transaction: (fn) => fn(db),
    close: async () => {},
  };
  return db;
}

/**
 * initdb is the slow part of starting PGlite (about 5 s) and the costly one in memory: it grows PGlite's wasm memory
 * to several hundred MB, which stays resident for the life of the process. A fresh cluster is the same every time,
 * so it is made once per machine by a child process (pglite-initdb.mjs) and cached as a tar; a new database starts
 * from that copy: an in-memory one loads it (about 0.5 s), a new data folder gets it written to disk file by file, so
 * the service never holds the cluster twice. A missing, unwritable or broken cache only costs time and memory.
 */
async function createPglite(dataDir?: string): Promise<PGlite> {
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  if (dataDir !== undefined && fs.existsSync(path.join(dataDir, EXTRACTING_MARKER))) emptyDir(dataDir);
  const isNew = dataDir === undefined || isEmptyDir(dataDir);
  const template = isNew ? await ensureTemplate() : undefined;
  if (template) {
    try {
      if (dataDir === undefined) {
        return await PGlite.create(undefined, {
          loadDataDir: new Blob([new Uint8Array(fs.readFileSync(template))]),
          startParams,
        });
      }
      const marker = path.join(dataDir, EXTRACTING_MARKER);
      fs.mkdirSync(dataDir, { recursive: true });
      fs.writeFileSync(marker, '');
      extractTar(template, dataDir);
      fs.rmSync(marker);
      return await PGlite.create(dataDir, { startParams });
    } catch {
      fs.rmSync(template, { force: true });
      if (dataDir && fs.existsSync(dataDir)) emptyDir(dataDir);
    }
  }
  return PGlite.create(dataDir, { startParams });
}

/**
 * Written first and removed last while a new data folder is written from the cached cluster: a start that finds it
 * (the process died in between) empties the folder and writes it again, instead of opening half a cluster. The folder
 * itself stays, as it may be a mount point the service cannot replace.
 */
export const EXTRACTING_MARKER = '.auth-login-extracting';

function emptyDir(dir: string): void {
  for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
}

function isEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch {
    return true;
  }
}

/** The cached empty cluster, made by a child process when this machine has none yet; undefined when it cannot be. */
async function ensureTemplate(): Promise<string | undefined> {
  const file = templatePath();
  if (!file) return undefined;
  if (!fs.existsSync(file)) {
    try {
      await execFileAsync(process.execPath, [fileURLToPath(INITDB_SCRIPT), file]);
    } catch {
      return undefined;
    }
  }
  return fs.existsSync(file) ? file : undefined;
}

function templatePath(): string | undefined {
  try {
    const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
    const packageJson = path.resolve(path.dirname(entry), '../package.json');
    const { version } = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version: string };
    return path.join(findRepoRoot(import.meta.url), PGLITE_TEMPLATE_CACHE_SUBDIR, `pglite-${version}-initdb.tar`);
  } catch {
    return undefined;
  }
}
