// Which database a test service gets. With TEST_DATABASE_URL (a PostgreSQL server the test run may create databases
// on; scripts/test-postgres.sh starts one), every service gets a brand-new database that is dropped when it closes,
// so tests stay as isolated as with in-memory PGlite. Without it, in-memory PGlite.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DatabaseOptions } from '../../src/server/db/db.ts';
import { PollTimeoutError, until } from '../support/poll.ts';

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
    drop: () => dropDatabase(adminUrl, name),
  };
}

/** How long a closed service's connections may take to leave the server before the drop ends them. */
const DISCONNECT_WAIT_MS = 5_000;

/**
 * A closed pool has sent its goodbyes, but the server may not have processed them yet; ending those backends from
 * under the client would surface as an error in the test that closed it. So wait until the database has no
 * connections (bounded), then drop; `with (force)` only ends one a test really left open.
 */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await admin(adminUrl, async (client) => {
    const connections = async () =>
      (await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]))
        .rows[0]?.n;
    await until(
      async () => (await connections()) === 0,
      `the connections to ${name} to close`,
      DISCONNECT_WAIT_MS,
    ).catch((error: unknown) => {
      // Still connected after the wait: a connection the test left open, which the forced drop ends.
      if (!(error instanceof PollTimeoutError)) throw error;
    });
    await client.query(`drop database if exists ${name} with (force)`);
  });
}

async function admin(adminUrl: string, work: string | ((client: pg.Client) => Promise<void>)): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    if (typeof work === 'string') await client.query(work);
    else await work(client);
  } finally {
    await client.end();
  }
}
