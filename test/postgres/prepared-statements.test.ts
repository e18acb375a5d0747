// The service's statements on PostgreSQL are named prepared statements (src/server/db/postgres.ts). A change to a
// table that alters a prepared statement's result columns (a rolling deploy's migration) makes PostgreSQL refuse
// that statement on every connection that prepared it; the service must drop such a connection and go on. Runs only
// on a real PostgreSQL server (npm test's PostgreSQL stage).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import type { Db } from '../../src/server/db/db.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../server/test-database.ts';

let database: TestDatabase;
let db: Db;
let url: string;

before(async () => {
  assert.ok(testDatabaseUrl(), 'test/postgres needs TEST_DATABASE_URL (npm test starts a server; see the README)');
  database = await freshDatabase();
  if (database.options.kind !== 'postgres') throw new Error('expected a PostgreSQL database');
  url = database.options.url;
  db = await openPostgres(url);
  await db.exec('create table plans (id int primary key, size int not null)');
  await db.exec('insert into plans values (1, 10), (2, 20)');
});

after(async () => {
  await db.close();
  await database.drop();
});

/** Changes the table from another connection, as another instance's migration would. */
async function migrate(sql: string): Promise<void> {
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  try {
    await other.query(sql);
  } finally {
    await other.end();
  }
}

/** How many prepared statements the service's connections hold with this text, from the server's own view. */
async function preparedOn(text: string): Promise<number> {
  // pg_prepared_statements shows only the asking session's own: ask on a connection that ran the statement.
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from pg_prepared_statements where statement = $1',
    [text],
  );
  return row?.n ?? 0;
}

describe('named prepared statements on PostgreSQL', () => {
  const select = 'select id, size from plans where id = $1';

  it('a statement is prepared once per connection and then reused', async () => {
    assert.deepEqual(await db.query(select, [1]), [{ id: 1, size: 10 }]);
    assert.deepEqual(await db.query(select, [2]), [{ id: 2, size: 20 }]);
    // The pool hands the one idle connection out again: the statement is there, under one name.
    await db.transaction(async (tx) => {
      await tx.query(select, [1]);
      const [row] = await tx.query<{ n: number }>(
        'select count(*)::int as n from pg_prepared_statements where statement = $1',
        [select],
      );
      assert.equal(row?.n, 1);
    });
  });

  it('a column type changed under a prepared statement: the next query answers with the new type', async () => {
    await Promise.all(Array.from({ length: 4 }, (_, i) => db.query(select, [1 + (i % 2)])));
    await migrate('alter table plans alter column size type bigint');
    // bigint comes back as a string from pg: the answer is the new plan's, not an error.
    assert.deepEqual(await db.query(select, [1]), [{ id: 1, size: '10' }]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => db.query<{ id: number; size: string }>(select, [1 + (i % 2)])),
    );
    assert.deepEqual(
      answers.map(([row]) => row?.size),
      ['10', '20', '10', '20', '10', '20', '10', '20'],
    );
    assert.ok((await preparedOn(select)) <= 1);
  });

  it('inside a transaction the stale statement fails that transaction once; the next ones succeed', async () => {
    // Several connections prepare the statement.
    await Promise.all(Array.from({ length: 4 }, () => db.transaction((tx) => tx.query(select, [1]))));
    await migrate('alter table plans alter column size type int');
    const first = await db
      .transaction((tx) => tx.query(select, [1]))
      .then(
        () => 'succeeded',
        (error: Error) => error.message,
      );
    // The pool may hand out a connection that never prepared the statement: then nothing fails at all.
    assert.ok(first === 'succeeded' || /cached plan must not change result type/.test(first), first);
    // Every connection that was open when the change was seen is dropped: no other one fails.
    for (let i = 0; i < 12; i++)
      assert.deepEqual(await db.transaction((tx) => tx.query(select, [2])), [{ id: 2, size: 20 }]);
  });

  it('a stale statement whose error the transaction catches itself still retires the old connections', async () => {
    await Promise.all(Array.from({ length: 4 }, () => db.transaction((tx) => tx.query(select, [1]))));
    await migrate('alter table plans alter column size type bigint');
    const swallowed = await db.transaction(async (tx) => {
      try {
        await tx.query(select, [1]);
        return 'no stale plan on this connection';
      } catch (error) {
        return (error as Error).message;
      }
    });
    assert.ok(/cached plan must not change result type|no stale plan/.test(swallowed), swallowed);
    for (let i = 0; i < 12; i++)
      assert.deepEqual(await db.transaction((tx) => tx.query(select, [2])), [{ id: 2, size: '20' }]);
  });
});
