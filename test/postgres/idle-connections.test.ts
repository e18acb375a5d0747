// PostgreSQL may end a connection the service's pool holds idle: a server restart or failover, an administrator,
// idle_session_timeout, a connection pooler. The service must keep answering (the pool opens a new connection), not
// die of an unhandled 'error' event. Runs only on a real PostgreSQL server (npm test's PostgreSQL stage).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { dataOf, post, startTestService, uniqueEmail, type TestService } from '../server/support.ts';
import { testDatabaseUrl } from '../server/test-database.ts';
import { until } from '../support/poll.ts';

const adminUrl = testDatabaseUrl();

let t: TestService;
before(async () => {
  assert.ok(adminUrl, 'test/postgres needs TEST_DATABASE_URL (npm test starts a server; see the README)');
  t = await startTestService();
});
after(() => t.close());

/**
 * Ends every backend connected to the service's database, the way pg_terminate_backend or a restart would, and waits
 * until they are gone: a backend sends its goodbye before it leaves pg_stat_activity, so by then the service's
 * clients have it.
 */
async function terminateServiceConnections(): Promise<number> {
  const [row] = await t.service.db.query<{ db: string }>('select current_database() as db');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const others = 'from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()';
    const { rows } = await admin.query<{ ended: boolean }>(`select pg_terminate_backend(pid) as ended ${others}`, [
      row?.db,
    ]);
    await until(async () => {
      const { rows: left } = await admin.query<{ n: number }>(`select count(*)::int as n ${others}`, [row?.db]);
      return left[0]?.n === 0;
    }, 'the terminated backends to exit');
    return rows.filter((r) => r.ended).length;
  } finally {
    await admin.end();
  }
}

describe('the service when PostgreSQL ends its idle connections', () => {
  it('keeps answering: the next request gets a new connection', async () => {
    // Several requests at once, so the pool holds more than one idle connection.
    await Promise.all(
      Array.from({ length: 4 }, () => post(t, '/magic_links/email/login_or_create', { email: uniqueEmail('idle') })),
    );
    assert.ok((await terminateServiceConnections()) >= 1, 'at least one idle connection was ended');
    const email = uniqueEmail('after-terminate');
    const data = await dataOf(await post(t, '/magic_links/email/login_or_create', { email }));
    assert.match(String(data.user_id), /^user-test-/);
  });
});
