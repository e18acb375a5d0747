// The simulated month: the service (in this process, on a new database on the TEST_DATABASE_URL server, its clock
// moved through its `now` option: test/server/support.ts) signs users in by magic link every simulated day, each
// session lasting a day, so sessions, links, dev-inbox messages and rate-limit windows pile up and expire (the service
// sweeps some as it runs, every so many rate-limit takes). Printed: the database's size (pg_database_size) and its
// sessions and magic links at the start, after a month, after the retention sweep (store/retention.ts, run until
// it finds nothing, then a plain VACUUM as autovacuum would), and after a second month with that sweep and VACUUM at
// the end of every day: flat once the sweep runs means the second month ends about where the sweep left the first.
import fs from 'node:fs';
import path from 'node:path';

const DAY_MS = 24 * 60 * 60_000;
/** Sessions of the month last a day, so each day's expire before the next month starts. */
const SESSION_MINUTES = 24 * 60;
/** Rows per rule per sweep statement, as the service's own sweeps take them. */
const SWEEP_BATCH = 1000;

export async function simulateMonth(repoRoot, { days, signInsPerDay }) {
  const { startTestService, signIn } = await import(path.join(repoRoot, 'test/server/support.ts'));
  const retentionModule = path.join(repoRoot, 'src/server/store/retention.ts');
  const retention = fs.existsSync(retentionModule) ? await import(retentionModule) : null;
  const t = await startTestService();
  const { db } = t.service;
  const rows = [];
  const note = async (moment) => {
    const [row] = await db.query(
      `select pg_database_size(current_database())::float8 as bytes,
         (select count(*) from sessions)::int as sessions, (select count(*) from magic_links)::int as links`,
    );
    rows.push({ moment, ...row });
  };
  const sweep = async () => {
    let deleted = 0;
    for (;;) {
      const counts = await retention.sweepRetention(db, {
        now: t.now(),
        batch: SWEEP_BATCH,
        telemetryRetentionMs: t.service.config.telemetryRetentionMs,
      });
      const pass = Object.values(counts).reduce((sum, n) => sum + n, 0);
      deleted += pass;
      if (pass === 0) break;
    }
    await db.exec('vacuum');
    return deleted;
  };
  const month = async (label, sweepDaily) => {
    for (let day = 0; day < days; day++) {
      for (let k = 0; k < signInsPerDay; k++)
        await signIn(t, `month-${label}-${day}-${k}@growth.example`, SESSION_MINUTES);
      t.advance(DAY_MS);
      if (sweepDaily) await sweep();
    }
  };
  try {
    await note('start (migrated, empty)');
    await month('a', false);
    await note(`after ${days} days of ${signInsPerDay} sign-ins a day (only the service's own sweeps)`);
    if (retention) {
      const deleted = await sweep();
      await note(`after the retention sweep (${deleted} rows deleted) and VACUUM`);
      await month('b', true);
      await note(`after ${days} more days, the sweep and VACUUM daily`);
    } else {
      await month('b', false);
      await note(`after ${days} more days (no retention sweep in src/server/store/retention.ts)`);
    }
  } finally {
    await t.close();
  }
  return rows;
}
