// The retention sweep across processes: with TEST_DATABASE_URL, two processes of main.ts on one PostgreSQL database
// run their sweepers at the same time (each every RATE_LIMIT_SWEEP_EVERY_TAKES takes) over one backlog of expired
// sessions; without it, one process on a PGlite folder does. The backlog goes, live sessions stay, no answer fails.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import { RATE_LIMIT_SWEEP_EVERY_TAKES } from '../../src/server/constants/rate-limits.ts';
import { RETENTION_SWEEP_BATCH, SESSION_RETENTION_AFTER_END_MS } from '../../src/server/constants/retention.ts';
import type { Db } from '../../src/server/db/db.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { iso } from '../../src/server/store/time.ts';
import { testDatabaseUrl } from '../server/test-database.ts';
import { inParallel } from './deployment.ts';
import { clientIp, postTo, sharedDatabase, startServiceProcess, type ServiceProcess } from './service-process.ts';

/** Sweeper passes each process runs: with one process alone, they take the whole backlog. */
const PASSES = 3;
const EXPIRED = PASSES * RETENTION_SWEEP_BATCH - 100;
const LIVE = 50;

const where = testDatabaseUrl() ? 'two processes on one PostgreSQL database' : 'one process on a PGlite folder';

async function count(db: Db, sql: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(sql);
  return row?.n ?? -1;
}

describe(`retention sweep, ${where}`, () => {
  it(
    'deletes a backlog of expired sessions with every process sweeping at once; ' + 'live ones stay, nothing fails',
    async () => {
      const database = await sharedDatabase();
      const instances: ServiceProcess[] = [];
      let db: Db | undefined;
      try {
        db = await openDatabase(database.options);
        const long = iso(Date.now() - SESSION_RETENTION_AFTER_END_MS - 60 * 60_000);
        await db.query(`insert into users (id, status, created_at) values ('user-sweep', 'active', $1)`, [long]);
        const seed = (prefix: string, rows: number, expires: string) =>
          db!.query(
            `insert into sessions (id, token_hash, user_id, started_at, last_accessed_at, expires_at)
           select $1 || g, 'h' || $1 || g, 'user-sweep', $2::timestamptz, $2::timestamptz, $3::timestamptz
           from generate_series(1, $4::int) g`,
            [prefix, long, expires, rows],
          );
        await seed('expired-', EXPIRED, long);
        await seed('live-', LIVE, iso(Date.now() + 24 * 60 * 60_000));
        await db.close();
        db = undefined;

        const processes = database.multiProcess ? 2 : 1;
        for (let i = 0; i < processes; i++) instances.push(await startServiceProcess(database.options));
        // Every telemetry batch is one rate-limit take; each process runs PASSES sweeper passes, all at once.
        const batch = [{ event: { event_name: 'tick', public_token: DEFAULT_PUBLIC_TOKEN } }];
        const statuses = await Promise.all(
          instances.map((proc, p) =>
            inParallel(PASSES * RATE_LIMIT_SWEEP_EVERY_TAKES, async (i) => {
              const res = await postTo(proc, '/events', batch, clientIp(p * 1000 + i));
              await res.arrayBuffer();
              return res.status;
            }),
          ),
        );
        assert.deepEqual([...new Set(statuses.flat())], [200]);
        await Promise.all(instances.map((proc) => proc.stop()));

        db = await openDatabase(database.options);
        assert.equal(await count(db, `select count(*)::int as n from sessions where id like 'expired-%'`), 0);
        assert.equal(await count(db, `select count(*)::int as n from sessions where id like 'live-%'`), LIVE);
      } finally {
        await Promise.all(instances.map((proc) => proc.kill9()));
        await db?.close();
        await database.drop();
      }
    },
  );
});
