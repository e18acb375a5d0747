// Crash safety: a service process is killed with SIGKILL in the middle of a stream of password sign-ups.
// Every sign-up it acknowledged (a 200) must still be there and sign in afterwards, and the killed process must start
// again on the same database. With TEST_DATABASE_URL: two processes on one PostgreSQL database, the second keeps
// serving; without it: one process on a PGlite folder, restarted on the same folder.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { PATHS } from '../../src/api/paths.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { assertNoOrphans, strongPassword } from './deployment.ts';
import { postTo, sharedDatabase, startServiceProcess, type ServiceProcess } from './service-process.ts';
import { uniqueEmail } from '../server/support.ts';
import { testDatabaseUrl } from '../server/test-database.ts';

/** Sign-ups in the stream; bounded, so the test ends even if nothing is ever acknowledged. */
const STREAM = 60;
/** Requests in flight at once, so several are mid-transaction when the kill lands. */
const IN_FLIGHT = 6;
/** The victim is killed right after it acknowledged this many sign-ups. */
const KILL_AFTER = 8;

const where = testDatabaseUrl() ? 'two processes on one PostgreSQL database' : 'one process on a PGlite folder';

interface Acknowledged {
  email: string;
  password: string;
  userId: string;
}

describe(`kill -9 during a stream of sign-ups, ${where}`, () => {
  it('every acknowledged sign-up signs in afterwards, and the killed instance restarts cleanly', async () => {
    const database = await sharedDatabase();
    const running: ServiceProcess[] = [];
    try {
      const victim = await startServiceProcess(database.options);
      running.push(victim);
      const survivor = database.multiProcess ? await startServiceProcess(database.options) : undefined;
      if (survivor) running.push(survivor);

      const acknowledged: Acknowledged[] = [];
      const refusedByService: string[] = [];
      let victimAcks = 0;
      let survivorAcksAfterKill = 0;
      let killed: Promise<void> | undefined;
      let next = 0;
      const worker = async () => {
        while (next < STREAM) {
          const i = next++;
          const target = survivor && i % 2 === 1 ? survivor : victim;
          const email = uniqueEmail(`crash-${i}`);
          const password = strongPassword();
          let res: Response;
          try {
            res = await postTo(target, PATHS.passwords, { email, password, session_duration_minutes: 30 });
          } catch {
            // The connection died with the victim: not acknowledged, so nothing is promised about it.
            assert.equal(target, victim, 'only the killed instance drops connections');
            continue;
          }
          const body = (await res.json()) as { data?: { user_id: string }; error_type?: string };
          if (res.status !== 200) {
            refusedByService.push(`${res.status} ${body.error_type}`);
            continue;
          }
          acknowledged.push({ email, password, userId: body.data!.user_id });
          if (target === victim && ++victimAcks === KILL_AFTER) killed = victim.kill9();
          if (target === survivor && killed) survivorAcksAfterKill += 1;
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      assert.ok(killed, `the victim acknowledged ${KILL_AFTER} sign-ups and was killed`);
      await killed;
      assert.equal(victim.child.signalCode, 'SIGKILL');
      assert.deepEqual(refusedByService, [], 'every answer the service gave was a 200');
      assert.ok(acknowledged.length >= KILL_AFTER);
      if (survivor) assert.ok(survivorAcksAfterKill > 0, 'the other instance kept taking sign-ups after the kill');

      const restarted = await startServiceProcess(database.options);
      running.push(restarted);
      const instances = survivor ? [restarted, survivor] : [restarted];
      for (const [n, signUp] of acknowledged.entries()) {
        const res = await postTo(instances[n % instances.length]!, PATHS.passwordsAuthenticate, {
          email: signUp.email,
          password: signUp.password,
          session_duration_minutes: 30,
        });
        const body = (await res.json()) as { data?: { user_id: string } };
        assert.equal(
          res.status,
          200,
          `${signUp.email} was acknowledged before the kill and signs in: ${JSON.stringify(body)}`,
        );
        assert.equal(body.data?.user_id, signUp.userId);
      }
      const after = await postTo(restarted, PATHS.passwords, {
        email: uniqueEmail('after-crash'),
        password: strongPassword(),
        session_duration_minutes: 30,
      });
      assert.equal(after.status, 200, `the restarted instance takes new sign-ups: ${await after.clone().text()}`);

      await Promise.all(running.splice(0).map((proc) => proc.stop()));
      const db = await openDatabase(database.options);
      try {
        const [users] = await db.query<{ n: number }>('select count(*)::int as n from users');
        assert.ok((users?.n ?? 0) >= acknowledged.length + 1, 'every acknowledged user is stored');
        const applied = (
          await db.query<{ version: string }>('select version from schema_migrations order by version')
        ).map((r) => r.version);
        const files = fs
          .readdirSync(new URL('../../src/server/db/migrations/', import.meta.url))
          .filter((f) => f.endsWith('.sql'))
          .sort();
        assert.deepEqual(applied, files, 'each migration is recorded once');
        await assertNoOrphans(db);
      } finally {
        await db.close();
      }
    } finally {
      await Promise.all(running.map((proc) => proc.kill9()));
      await database.drop();
    }
  });
});
