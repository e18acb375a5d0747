// SERVICE_PROCESSES: main.ts as a node:cluster primary with worker processes sharing one port. With
// TEST_DATABASE_URL, two workers on one real PostgreSQL database: both answer, a sign-up raced across them has one
// winner, SIGTERM stops every process. On the embedded database the setting is refused at start, in one line.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PATHS } from '../../src/api/paths.ts';
import { READY_PATH, SERVICE_PROCESS_HEADER } from '../../src/server/constants/deployment.ts';
import type { Db } from '../../src/server/db/db.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { uniqueEmail } from '../server/support.ts';
import { testDatabaseUrl } from '../server/test-database.ts';
import { until } from '../support/poll.ts';
import {
  assertNo5xx,
  assertNoOrphans,
  call,
  dataOf,
  inParallel,
  strongPassword,
  tally,
  type Deployment,
} from './deployment.ts';
import { clientIp, requestTo, sharedDatabase, startServiceProcess } from './service-process.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKERS = 2;
/** Parallel sign-ups of one new identity, each on its own connection (its own client address). */
const SIGN_UPS = 40;
/** Requests on new connections until both workers have answered; round robin needs two, the rest is slack. */
const PROBES = 20;
/** Each worker compiles the service with tsx when it starts; on a busy 2-core machine the second can be far behind. */
const WORKERS_READY_TIMEOUT_MS = 60_000;

/** A cluster on a fresh database, as a Deployment of one instance (one port) for the race helpers. */
async function deployCluster(): Promise<Deployment> {
  const database = await sharedDatabase();
  const instance = await startServiceProcess(database.options, { SERVICE_PROCESSES: String(WORKERS) });
  let inspected: Db | undefined;
  return {
    database,
    instances: [instance],
    async inspect() {
      await instance.stop();
      inspected ??= await openDatabase(database.options);
      return inspected;
    },
    async close() {
      await instance.kill9();
      await inspected?.close();
      await database.drop();
    },
  };
}

/** The process ids that answered /healthz, each probe on a new connection. */
async function answeringProcesses(d: Deployment): Promise<Set<string>> {
  const pids = new Set<string>();
  for (let i = 0; i < PROBES; i++) {
    // A kept-alive connection stays with the worker that accepted it, maybe before the other one listened. Ready, not
    // only alive: a worker answers /healthz while it is still opening its database, and everything else with 503.
    const res = await requestTo(d.instances[0]!, READY_PATH, {
      clientIp: clientIp(i),
      headers: { Connection: 'close' },
    });
    if (res.status === 200) pids.add(res.headers.get(SERVICE_PROCESS_HEADER) ?? 'none');
  }
  return pids;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

if (testDatabaseUrl()) {
  describe(`SERVICE_PROCESSES=${WORKERS} on one PostgreSQL database`, () => {
    it('both workers answer, a raced sign-up has exactly one winner, and SIGTERM stops every process', async () => {
      const d = await deployCluster();
      try {
        const primary = d.instances[0]!;
        // The port answers as soon as the first worker is ready; the second may still be opening its database.
        let pids = new Set<string>();
        await until(
          async () => {
            pids = await answeringProcesses(d);
            return pids.size === WORKERS;
          },
          `${WORKERS} workers to answer`,
          WORKERS_READY_TIMEOUT_MS,
        );
        assert.ok(![...pids].includes(String(primary.child.pid)), 'the primary serves no requests itself');

        const email = uniqueEmail('cluster-password');
        const passwords = Array.from({ length: SIGN_UPS }, strongPassword);
        const answers = await inParallel(SIGN_UPS, (i) =>
          call(d, i, PATHS.passwords, { email, password: passwords[i], session_duration_minutes: 30 }),
        );
        assertNo5xx(answers);
        assert.deepEqual(tally(answers), { '200': 1, '400 duplicate_email': SIGN_UPS - 1 });
        const winner = answers.findIndex((a) => a.status === 200);
        const login = await call(d, 0, PATHS.passwordsAuthenticate, {
          email,
          password: passwords[winner],
          session_duration_minutes: 30,
        });
        assert.equal(dataOf(login).user_id, dataOf(answers[winner]!).user_id);

        const db = await d.inspect();
        assert.equal(primary.child.exitCode, 0, `the primary exits 0 after SIGTERM:\n${primary.output()}`);
        assert.deepEqual(
          [...pids].filter((pid) => isRunning(Number(pid))),
          [],
          'no worker outlives the primary',
        );
        const [users] = await db.query<{ n: number }>('select count(*)::int as n from user_emails where email = $1', [
          email,
        ]);
        assert.equal(users?.n, 1);
        await assertNoOrphans(db);
      } finally {
        await d.close();
      }
    });
  });
}

describe('SERVICE_PROCESSES on the embedded database', () => {
  it('refuses to start, in one line naming DATABASE_URL, with exit code 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', SERVICE_PROCESSES: '2', PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(
      stderr,
      'Could not start: SERVICE_PROCESSES=2 needs PostgreSQL (DATABASE_URL): the embedded ' +
        'database (PGlite) is opened by one process only.\n',
    );
    assert.equal(code, 1);
  });
});
