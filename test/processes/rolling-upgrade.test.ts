// Rolling upgrades (docs/decisions.md, "Rolling upgrades"): the previous release (the last commit whose tree lacks
// the newest migration, checked out into a temporary git worktree) and this one run against one PostgreSQL database
// at once, the new one migrating it while the old one serves, and sign-ins on both keep answering 200 throughout.
// Without TEST_DATABASE_URL the embedded database is a folder one process owns, so the upgrade there is the stop-and-
// start kind: the previous release makes a user, stops, and this one migrates the folder and signs that user in.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../src/server/db/db.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { PATHS } from '../../src/api/paths.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import { basicAuth, uniqueEmail } from '../server/support.ts';
import { testDatabaseUrl } from '../server/test-database.ts';
import { strongPassword } from './deployment.ts';
import {
  clientIp,
  postTo,
  requestTo,
  sharedDatabase,
  startServiceProcess,
  type ServiceProcess,
  type SharedDatabase,
} from './service-process.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MIGRATIONS = 'src/server/db/migrations';
/** Sign-in rounds once both releases serve: each round signs in on both and checks a session across releases. */
const ROUNDS_ON_BOTH = 10;

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function newestMigration(): string {
  const files = fs.readdirSync(path.join(repoRoot, MIGRATIONS)).filter((name) => /^\d+_.+\.sql$/.test(name));
  return files.sort().at(-1)!;
}

/**
 * The last commit whose tree lacks the newest migration: HEAD while it is uncommitted, else its adding commit's
 * parent.
 */
function previousRelease(migration: string): string {
  const file = `${MIGRATIONS}/${migration}`;
  if (git('ls-tree', '--name-only', 'HEAD', '--', file) === '') return git('rev-parse', 'HEAD');
  const added = git('log', '--diff-filter=A', '--format=%H', '--', file).split('\n')[0]!;
  return git('rev-parse', `${added}^`);
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(proc: ServiceProcess, apiPath: string, body: unknown, i: number): Promise<Answer> {
  const res = await postTo(proc, apiPath, body, clientIp(i));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function assertOk(answer: Answer, what: string): Record<string, unknown> {
  assert.equal(answer.status, 200, `${what}: ${JSON.stringify(answer.body)}`);
  return answer.body.data as Record<string, unknown>;
}

/** sessions/authenticate: the session token is the Basic auth secret, as the client sends it. */
async function authenticateSession(proc: ServiceProcess, token: unknown, i: number): Promise<Answer> {
  const res = await requestTo(proc, `${SDK_BASE_PATH}${PATHS.sessionsAuthenticate}`, {
    method: 'POST',
    headers: { Authorization: basicAuth(String(token)), 'Content-Type': 'application/json' },
    body: '{}',
    clientIp: clientIp(i),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const signIn = (proc: ServiceProcess, email: string, password: string, i: number) =>
  call(proc, '/passwords/authenticate', { email, password, session_duration_minutes: 60 }, i);
const signUp = (proc: ServiceProcess, email: string, password: string, i: number) =>
  call(proc, '/passwords', { email, password, session_duration_minutes: 60 }, i);

/** The versions recorded in the database, read without migrating it (openDatabase would apply this release's). */
async function appliedMigrations(database: SharedDatabase): Promise<string[]> {
  const { options } = database;
  const db: Db =
    options.kind === 'postgres'
      ? await openPostgres(options.url)
      : await openPglite(options.kind === 'pglite' ? options.dataDir : undefined);
  try {
    return (await db.query<{ version: string }>('select version from schema_migrations order by version')).map(
      (row) => row.version,
    );
  } finally {
    await db.close();
  }
}

/**
 * A database no release has touched yet: the previous release must create its own schema. (sharedDatabase's PGlite
 * folder is a copy of one this release has migrated already.)
 */
async function emptyDatabase(): Promise<SharedDatabase> {
  if (testDatabaseUrl()) return sharedDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-upgrade-'));
  return {
    options: { kind: 'pglite', dataDir },
    multiProcess: false,
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

describe('rolling upgrade from the release before the newest migration', () => {
  const migration = newestMigration();
  let worktree: string;
  let database: SharedDatabase;
  const running: ServiceProcess[] = [];

  before(async () => {
    worktree = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-previous-release-'));
    git('worktree', 'add', '--detach', worktree, previousRelease(migration));
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(worktree, 'node_modules'));
    assert.equal(fs.existsSync(path.join(worktree, MIGRATIONS, migration)), false);
    database = await emptyDatabase();
  });

  after(async () => {
    await Promise.all(running.map((proc) => proc.kill9()));
    await database?.drop();
    if (worktree) git('worktree', 'remove', '--force', worktree);
  });

  if (testDatabaseUrl()) {
    it(
      'both releases serve one PostgreSQL database while the new one migrates it; ' + 'every sign-in answers 200',
      async (t) => {
        const old = await startServiceProcess(database.options, {}, worktree);
        running.push(old);
        const password = strongPassword();
        const madeOnOld = uniqueEmail('previous-release');
        assertOk(await signUp(old, madeOnOld, password, 0), 'sign-up on the previous release');

        // Sign-ins on the previous release go on while the new one starts and migrates the shared database.
        let i = 0;
        const during: Answer[] = [];
        let starting = true;
        const load = (async () => {
          while (starting) during.push(await signIn(old, madeOnOld, password, ++i));
        })();
        let current: ServiceProcess;
        try {
          current = await startServiceProcess(database.options);
        } finally {
          starting = false;
          await load;
        }
        running.push(current);
        assert.ok(during.length > 0);
        t.diagnostic(`${during.length} sign-ins on the previous release while the current one started and migrated`);
        assert.deepEqual(
          during.filter((answer) => answer.status !== 200),
          [],
          `sign-ins on the previous release while the new one migrated; its output:\n${old.output().slice(-4000)}`,
        );

        const madeOnNew = uniqueEmail('current-release');
        assertOk(await signUp(current, madeOnNew, password, ++i), 'sign-up on the current release');
        for (let round = 0; round < ROUNDS_ON_BOTH; round++) {
          const [onOld, onNew] = await Promise.all([
            signIn(old, madeOnNew, password, ++i),
            signIn(current, madeOnOld, password, ++i),
          ]);
          const oldSession = assertOk(onOld, 'a user of the current release on the previous one');
          const newSession = assertOk(onNew, 'a user of the previous release on the current one');
          // A session either release started is live on the other.
          assertOk(
            await authenticateSession(current, oldSession.session_token, ++i),
            'a session of the previous release on the current one',
          );
          assertOk(
            await authenticateSession(old, newSession.session_token, ++i),
            'a session of the current release on the previous one',
          );
          assertOk(await signUp(round % 2 ? old : current, uniqueEmail('both'), password, ++i), 'a sign-up');
        }
        assert.ok((await appliedMigrations(database)).includes(migration));
      },
    );
  } else {
    it('the current release migrates the previous release’s embedded database and signs its user in', async () => {
      const old = await startServiceProcess(database.options, {}, worktree);
      running.push(old);
      const password = strongPassword();
      const email = uniqueEmail('previous-release');
      const userId = assertOk(await signUp(old, email, password, 0), 'sign-up on the previous release').user_id;
      await old.stop();
      assert.equal((await appliedMigrations(database)).includes(migration), false);
      const current = await startServiceProcess(database.options);
      running.push(current);
      assert.equal(
        assertOk(await signIn(current, email, password, 1), 'sign-in on the current release').user_id,
        userId,
      );
      await current.stop();
      assert.ok((await appliedMigrations(database)).includes(migration));
    });
  }
});
