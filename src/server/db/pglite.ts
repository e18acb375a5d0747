import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { PGLITE_SHARED_BUFFERS, PGLITE_TEMPLATE_CACHE_SUBDIR } from '../constants.ts';
import type { Db } from './db.ts';
import { findRepoRoot } from '../paths.ts';

/** PGlite in memory (no dataDir) or in a data folder. */
export async function openPglite(dataDir?: string): Promise<Db> {
  const pg = await createPglite(dataDir);
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await pg.query<T>(sql, params)).rows,
    exec: async (sql: string) => void (await pg.exec(sql)),
    transaction: (fn) => pg.transaction((tx) => fn(transactionDb(tx))),
    close: () => pg.close(),
  };
}

function transactionDb(tx: Transaction): Db {
  const db: Db = {
    query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
    exec: async (sql: string) => void (await tx.exec(sql)),
    transaction: (fn) => fn(db),
    close: async () => {},
  };
  return db;
}

/**
 * initdb is the slow part of starting PGlite (about 5 s); a fresh cluster from it is the same every time. So the
 * first start on a machine caches that empty cluster, and later starts of an in-memory or brand-new on-disk
 * database load the copy instead (about 0.5 s). A missing, unwritable or broken cache only costs time.
 */
async function createPglite(dataDir?: string): Promise<PGlite> {
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  const isNew = dataDir === undefined || isEmptyDir(dataDir);
  const template = isNew ? readTemplate() : undefined;
  if (template) {
    try {
      return await PGlite.create(dataDir, { loadDataDir: new Blob([new Uint8Array(template)]), startParams });
    } catch {
      removeTemplate();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const pg = await PGlite.create(dataDir, { startParams });
  if (isNew && dataDir === undefined) await writeTemplate(pg);
  return pg;
}

function isEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch {
    return true;
  }
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

function readTemplate(): Buffer | undefined {
  const file = templatePath();
  try {
    return file ? fs.readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
}

function removeTemplate(): void {
  const file = templatePath();
  if (file) fs.rmSync(file, { force: true });
}

async function writeTemplate(pg: PGlite): Promise<void> {
  const file = templatePath();
  if (!file) return;
  try {
    const dump = Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer());
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Write then rename: another process starting at the same time never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, dump);
    fs.renameSync(partial, file);
  } catch {
    // Caching is an optimisation only.
  }
}
