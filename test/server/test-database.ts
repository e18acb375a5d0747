// Which database a test service gets. With TEST_DATABASE_URL (a PostgreSQL server the test run may create databases
// on; scripts/test-postgres.sh starts one), every service gets a brand-new database that is dropped when it closes,
// so tests stay as isolated as with in-memory PGlite. Without it, in-memory PGlite.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DatabaseOptions } from '../../src/server/db/db.ts';

export const TEST_DATABASE_URL_ENV = 'TEST_DATABASE_URL';

export function testDatabaseUrl(): string | undefined {
  return process.env[TEST_DATABASE_URL_ENV] || undefined;
}

export interface TestDatabase {
  options: DatabaseOptions;
  /** Drops the database (PostgreSQL); call after every connection to it is closed. */
  drop(): Promise<void>;
}

/** A fresh, empty database: in-memory PGlite, or a new database on the TEST_DATABASE_URL server. */
export async function freshDatabase(): Promise<TestDatabase> {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) return { options: { kind: 'memory' }, drop: async () => {} };
  // Names are unquoted identifiers: lower case, digits and underscores only.
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  await admin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    options: { kind: 'postgres', url: url.toString() },
    // `with (force)` ends a connection a test left open (PostgreSQL 13 and later), so one leak cannot fail the next.
    drop: () => admin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
