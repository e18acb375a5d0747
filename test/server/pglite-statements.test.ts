// The embedded database's query path (src/server/db/pglite.ts over pglite-statements.ts): named prepared statements
// must answer exactly as PGlite's own query() did, errors included, and a query outside a transaction must never
// land inside another caller's open transaction.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openPglite } from '../../src/server/db/pglite.ts';
import type { Db } from '../../src/server/db/db.ts';

let db: Db;
before(async () => {
  db = await openPglite();
  await db.exec('create table t (id int primary key, doc jsonb, tags text[], at timestamptz, note text)');
});
after(() => db.close());

describe('PGlite through prepared statements', () => {
  it('types parameters and rows as PGlite does: json, arrays, timestamps, null, numbers', async () => {
    const at = new Date('2026-11-26T10:00:00.000Z');
    const [row] = await db.query<{ id: number; doc: unknown; tags: string[]; at: Date; note: null }>(
      'insert into t (id, doc, tags, at, note) values ($1, $2, $3, $4, $5) returning *',
      [1, { a: [1, 'x'] }, ['p', 'q,r'], at, null],
    );
    assert.deepEqual(row, { id: 1, doc: { a: [1, 'x'] }, tags: ['p', 'q,r'], at, note: null });
    // The same text again runs the statement prepared the first time.
    assert.deepEqual(await db.query('select id from t where id = $1', [1]), [{ id: 1 }]);
    assert.deepEqual(await db.query('select id from t where id = $1', [2]), []);
  });

  it('a failing statement throws PostgreSQL’s error (code and message) and the next one works', async () => {
    await assert.rejects(
      db.query('insert into t (id) values ($1)', [1]),
      (error: { code?: string; message: string }) => {
        assert.equal(error.code, '23505');
        assert.match(error.message, /duplicate key value violates unique constraint "t_pkey"/);
        return true;
      },
    );
    await assert.rejects(db.query('select nope from t'), { message: 'column "nope" does not exist' });
    assert.deepEqual(await db.query('select count(*)::int as n from t'), [{ n: 1 }]);
  });

  it('a query from outside waits for the open transaction instead of running inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async (inner) => {
      await inner.query('insert into t (id) values ($1)', [10]);
      await held;
      throw new Error('rolled back on purpose');
    });
    // Issued while the transaction is open: if it ran inside it, it would see row 10 and be rolled back with it.
    const outside = db.query<{ n: number }>('select count(*)::int as n from t where id = $1', [10]);
    release();
    await assert.rejects(tx, { message: 'rolled back on purpose' });
    assert.deepEqual(await outside, [{ n: 0 }]);
    assert.deepEqual(await db.query('select id from t where id = $1', [10]), []);
  });

  it('more distinct statements than it keeps: the oldest are closed and prepared again when used', async () => {
    for (let i = 0; i < 520; i++)
      assert.deepEqual(await db.query(`select ${i}::int as v where $1::int = 1`, [1]), [{ v: i }]);
    assert.deepEqual(await db.query('select 0::int as v where $1::int = 1', [1]), [{ v: 0 }]);
    const [kept] = await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    assert.ok(kept!.n <= 500, `${kept!.n} prepared statements are kept`);
  });
});
