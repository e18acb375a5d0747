// How the identity service's cost grows with its user base, printed as tables (it measures, it does not judge by
// time: no test asserts these figures).
//
//   node bench/growth.mjs [--sizes 10000,1000000] [--embedded 100000] [--requests 2000] [--days 30]
//                         [--sign-ins-per-day 100] [--cpu-prof] [--quiet-load L] [--floor-rounds 5]
//
// For each size N of --sizes, a new PostgreSQL database is migrated and seeded with N users (bench/growth/seed.mjs:
// set-based SQL, the service's own formats; sessions, addresses, passwords, passkeys and expired rows). Once every size
// is seeded (and, with --quiet-load L, once the machine's load average is under L), each is measured in turn, back to
// back: the service runs on it in its own process (bench/growth/service.mjs, bundled like dist-server/main.js) and a
// fixed number of requests, CONCURRENCY at a time, measure req/s, p50, p99 and the service's CPU per request of
// sessions/authenticate and users/me (seeded sessions of random users), magic-link send (to seeded addresses, each
// once) and password authenticate (seeded users with a password). At every size the floor for sessions/authenticate
// (bench/growth/floor.mjs: node:http, one statement, one ES256 signature, the same JSON) runs on the same database,
// alternating with ours over --floor-rounds rounds, and the median round's ours ÷ floor is printed with both CPU times
// per request. At the largest size every statement each route ran is EXPLAINed; a Seq Scan on a big table makes the
// bench exit non-zero. Then --embedded N users on the embedded database (PGlite, one process, as `npm start` keeps
// it), and the simulated month (bench/growth/month.mjs).
//
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else a throwaway cluster from scripts/test-postgres.sh in
// its own folder. --cpu-prof writes CPU profiles of the service and the floor during their last
// sessions/authenticate round at the largest size to tmp/growth-build/profiles/ (open them in Chrome DevTools).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { runLoad } from './growth/load.mjs';
import { simulateMonth } from './growth/month.mjs';
import { explainStatements } from './growth/explain.mjs';
import { buildServers, cpuDuring, startServerProcess } from './growth/processes.mjs';
import { emailOf, hasPassword, PASSWORD, seedStatements, sessionTokenOf } from './growth/seed.mjs';

/** Requests in flight at once, for every scenario and server (bench/throughput.ts uses the same). */
const CONCURRENCY = 16;
/** Unmeasured requests before each measured run: the JIT compiles the route and the pools fill. */
const WARMUP_SHARE = 0.1;
/** Password authenticate verifies an Argon2id hash (about 20–40 ms of CPU): a fifth of the requests is enough. */
const PASSWORD_SHARE = 0.2;
/** The target: p99 at the largest size within this factor of p99 at the smallest. */
const P99_GROWTH_TARGET = 1.5;
/** The target: the service's sessions/authenticate throughput at least this share of the floor's. */
const FLOOR_TARGET = 0.7;
const PG_DIR = path.join(os.tmpdir(), 'auth-login-growth-pg');

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
register();
const { hashPassword } = await import('../src/server/security/password-hashing.ts');
const { openDatabase } = await import('../src/server/db/open.ts');
const { PATHS } = await import('../src/api/paths.ts');
const { SDK_BASE_PATH } = await import('../src/api/telemetry.ts');
const { DEFAULT_PUBLIC_TOKEN } = await import('../src/server/constants/project.ts');
const { freshDatabase, TEST_DATABASE_URL_ENV } = await import('../test/server/test-database.ts');

const options = parseArguments(process.argv.slice(2));
const basic = (secret) => `Basic ${Buffer.from(`${DEFAULT_PUBLIC_TOKEN}:${secret}`).toString('base64')}`;
const json = (secret) => ({ Authorization: basic(secret), 'Content-Type': 'application/json' });
const sdk = (apiPath) => `${SDK_BASE_PATH}${apiPath}`;

function parseArguments(args) {
  const value = (name, fallback) => {
    const at = args.indexOf(name);
    return at >= 0 ? String(args[at + 1]) : fallback;
  };
  return {
    // `--sizes 0` runs no PostgreSQL size (the embedded size and the month only).
    sizes: value('--sizes', '10000,1000000')
      .split(',')
      .map(Number)
      .filter((n) => n > 0),
    embedded: Number(value('--embedded', '100000')),
    requests: Number(value('--requests', '2000')),
    days: Number(value('--days', '30')),
    signInsPerDay: Number(value('--sign-ins-per-day', '100')),
    cpuProf: args.includes('--cpu-prof'),
    quietLoad: Number(value('--quiet-load', '0')),
    // Odd, so one round is the median.
    floorRounds: Number(value('--floor-rounds', '5')) | 1,
  };
}

const randomUser = (n) => 1 + Math.floor(Math.random() * n);
const randomPasswordUser = (n) => {
  for (;;) {
    const i = randomUser(n);
    if (hasPassword(i)) return i;
  }
};

/**
 * The scenarios at size n. Sends go to seeded addresses, each once across the whole run (`sent` counts them), then
 * to new addresses (a sign-up) once the seeded ones are used up.
 */
function scenarios(n, sent) {
  return {
    'POST sessions/authenticate': () => ({
      method: 'POST',
      path: sdk(PATHS.sessionsAuthenticate),
      headers: json(sessionTokenOf(randomUser(n))),
      body: '{}',
    }),
    'GET users/me': () => ({
      method: 'GET',
      path: sdk(PATHS.usersMe),
      headers: { Authorization: basic(sessionTokenOf(randomUser(n))) },
    }),
    'POST magic_links/email/login_or_create': () => {
      const i = ++sent.count;
      return {
        method: 'POST',
        path: sdk(PATHS.magicLinksEmailLoginOrCreate),
        headers: json(DEFAULT_PUBLIC_TOKEN),
        body: JSON.stringify({ email: i <= n ? emailOf(i) : `new-${n}-${i}@growth.example` }),
      };
    },
    'POST passwords/authenticate': () => ({
      method: 'POST',
      path: sdk(PATHS.passwordsAuthenticate),
      headers: json(DEFAULT_PUBLIC_TOKEN),
      body: JSON.stringify({
        email: emailOf(randomPasswordUser(n)),
        password: PASSWORD,
        session_duration_minutes: 60,
      }),
    }),
  };
}

/** Warm-up, then the measured run with the server's CPU time around it. */
async function measure(server, request, requests) {
  await runLoad(server.url, { requests: Math.ceil(requests * WARMUP_SHARE), concurrency: CONCURRENCY, request });
  const { result, cpuMs } = await cpuDuring(server, () =>
    runLoad(server.url, { requests, concurrency: CONCURRENCY, request }),
  );
  return { ...result, cpuPerRequestMs: cpuMs / requests };
}

/** Every scenario in turn on one server (password authenticate with fewer requests). */
async function measureScenarios(server, all) {
  const results = {};
  for (const [name, request] of Object.entries(all)) {
    const requests = name.includes('password') ? Math.ceil(options.requests * PASSWORD_SHARE) : options.requests;
    results[name] = await measure(server, request, requests);
  }
  return results;
}

async function seed(database, n, passwordHash) {
  const started = performance.now();
  const db = await openDatabase(database);
  try {
    for (const statement of seedStatements(n, passwordHash)) await db.exec(statement);
    const [{ bytes }] = await db.query('select pg_database_size(current_database())::float8 as bytes');
    console.log(
      `seeded ${n.toLocaleString('en')} users in ${((performance.now() - started) / 1000).toFixed(0)} s, ` +
        `database ${(bytes / 1024 / 1024).toFixed(0)} MB`,
    );
  } finally {
    await db.close();
  }
}

/**
 * A session made through the real API (password authenticate), then authenticated, and a seeded session
 * authenticated: both must answer 200, or the seed is not what the service reads.
 */
async function checkSeed(server) {
  const call = async (apiPath, headers, body) => {
    const res = await fetch(`${server.url}${sdk(apiPath)}`, { method: 'POST', headers, body });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${apiPath}: ${res.status} ${text}`);
    return JSON.parse(text).data;
  };
  const signedIn = await call(
    PATHS.passwordsAuthenticate,
    json(DEFAULT_PUBLIC_TOKEN),
    JSON.stringify({ email: emailOf(2), password: PASSWORD, session_duration_minutes: 60 }),
  );
  await call(PATHS.sessionsAuthenticate, json(signedIn.session_token), '{}');
  const seeded = await call(PATHS.sessionsAuthenticate, json(sessionTokenOf(1)), '{}');
  if (seeded.user.emails[0]?.email !== emailOf(1)) throw new Error(`seeded session 1 is not user 1's`);
  return seeded.user_id;
}

/** Every statement one request of each scenario runs (the service notes them while capturing). */
async function captureStatements(server, all) {
  const byScenario = {};
  for (const [name, request] of Object.entries(all)) {
    await server.ask('capture-start');
    await runLoad(server.url, { requests: 1, concurrency: 1, request });
    byScenario[name] = (await server.ask('capture-stop')).statements;
  }
  return byScenario;
}

async function postgresServer() {
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (given) return { url: given, release: () => {} };
  const script = path.join(repoRoot, 'scripts/test-postgres.sh');
  const output = execFileSync(script, ['start', PG_DIR], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const url = /TEST_DATABASE_URL=(\S+)/.exec(output)?.[1];
  if (!url) throw new Error(`scripts/test-postgres.sh printed no URL:\n${output}`);
  return { url, release: () => void execFileSync(script, ['stop', PG_DIR], { stdio: 'inherit' }) };
}

/** A new database on the PostgreSQL server (the service tests' own helper), seeded with `n` users. */
async function seededDatabase(n, passwordHash) {
  const database = await freshDatabase();
  console.log(`\nseeding ${n.toLocaleString('en')} users on PostgreSQL`);
  await seed({ kind: 'postgres', url: database.options.url }, n, passwordHash);
  return database;
}

/**
 * Waits until the machine's one-minute load average is under `below` (--quiet-load): on a shared machine the sizes'
 * figures are compared with each other, so they are taken when nothing else runs, after the long seeding.
 */
async function quietMachine(below) {
  if (!below) return;
  const started = Date.now();
  while (os.loadavg()[0] >= below) await new Promise((resolve) => setTimeout(resolve, 15_000));
  console.log(`\nload average under ${below} after ${((Date.now() - started) / 1000).toFixed(0)} s of waiting`);
}

/** Where --cpu-prof writes a server's profile of sessions/authenticate at the largest size. */
function profileEnv(name, largest) {
  if (!options.cpuProf || !largest) return {};
  const dir = path.join(repoRoot, 'tmp/growth-build/profiles');
  fs.mkdirSync(dir, { recursive: true });
  return { BENCH_PROFILE: path.join(dir, `${name}.cpuprofile`) };
}

/** `measure`, inside a CPU profile of the server when it was started with one to write. */
async function measureProfiled(server, request, requests, profiled) {
  if (!profiled) return measure(server, request, requests);
  await server.ask('profile-start');
  const result = await measure(server, request, requests);
  console.log(`CPU profile: ${(await server.ask('profile-stop')).file}`);
  return result;
}

/**
 * The floor and ours, each in a process of its own and both up at once, measured in alternating rounds
 * (floor, ours, floor, ours, ...): the two runs a round compares are neighbours in time on a machine whose load moves,
 * and the median of the rounds' ratios is what one slow moment cannot swing. Profiled (on request) in the last round.
 */
async function floorRounds(entries, url, authenticate, largest) {
  const floorProfile = profileEnv('floor', largest);
  const serviceProfile = profileEnv('service', largest);
  const floor = await startServerProcess(entries.floor, { DATABASE_URL: url, ...floorProfile });
  const ours = await startServerProcess(entries.service, { DATABASE_URL: url, ...serviceProfile });
  const rounds = [];
  try {
    await checkSeed(ours);
    for (let round = 1; round <= options.floorRounds; round++) {
      const last = round === options.floorRounds;
      const floorRun = await measureProfiled(floor, authenticate, options.requests, last && floorProfile.BENCH_PROFILE);
      const oursRun = await measureProfiled(ours, authenticate, options.requests, last && serviceProfile.BENCH_PROFILE);
      rounds.push({ floor: floorRun, ours: oursRun, ratio: oursRun.rps / floorRun.rps });
    }
  } finally {
    await Promise.all([floor.stop(), ours.stop()]);
  }
  console.log(`ours ÷ floor by round: ${rounds.map((r) => r.ratio.toFixed(2)).join(' ')}`);
  // The round whose ratio is the median stands for both rows (an odd number of rounds has one).
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
  return {
    'floor: sessions/authenticate': median.floor,
    'ours beside the floor: sessions/authenticate': median.ours,
  };
}

/** One size on PostgreSQL, seeded: the scenarios, the floor, and (at the largest) the plans. */
async function measurePostgresSize(entries, url, n, largest) {
  console.log(`\n— ${n.toLocaleString('en')} users on PostgreSQL —`);
  const results = {};
  const all = scenarios(n, { count: 0 });
  const service = await startServerProcess(entries.service, { DATABASE_URL: url });
  let scans = [];
  try {
    const userId = await checkSeed(service);
    console.log(`a session made through the API and seeded session 1 (${userId}) both authenticate`);
    Object.assign(results, await measureScenarios(service, all));
    if (largest) scans = await explainStatements(url, await captureStatements(service, all));
  } finally {
    await service.stop();
  }
  const authenticate = all['POST sessions/authenticate'];
  Object.assign(results, await floorRounds(entries, url, authenticate, largest));
  return { results, scans };
}

async function embeddedSize(entries, n, passwordHash) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-growth-'));
  try {
    console.log(`\n— ${n.toLocaleString('en')} users on the embedded database (PGlite) —`);
    await seed({ kind: 'pglite', dataDir }, n, passwordHash);
    const service = await startServerProcess(entries.service, { DATABASE_URL: '', BENCH_DATA_DIR: dataDir });
    const results = {};
    try {
      await checkSeed(service);
      Object.assign(results, await measureScenarios(service, scenarios(n, { count: 0 })));
    } finally {
      await service.stop();
    }
    return results;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(columns) {
  const names = [...new Set(columns.flatMap(({ results }) => Object.keys(results)))];
  const header = columns.map(({ label }) => label.padStart(38)).join('');
  console.log(`\n${'scenario (req/s  p50  p99 ms  CPU ms/req)'.padEnd(46)}${header}`);
  for (const name of names) {
    const cells = columns.map(({ results }) => {
      const r = results[name];
      if (!r) return ''.padStart(38);
      const failed = r.failures ? ` !${r.failures}` : '';
      const figures = `${r.rps.toFixed(0)}  ${r.p50.toFixed(1)}  ${r.p99.toFixed(1)}  ${r.cpuPerRequestMs.toFixed(2)}`;
      return `${figures}${failed}`.padStart(38);
    });
    console.log(`${name.padEnd(46)}${cells.join('')}`);
  }
  const failure = columns.flatMap(({ results }) => Object.values(results)).find((r) => r.failures)?.firstFailure;
  if (failure) console.log(`(!n: answers outside 2xx; the first: ${failure})`);
}

function printVerdicts(postgres) {
  if (!postgres.length) return;
  const small = postgres[0];
  const large = postgres.at(-1);
  if (postgres.length >= 2) {
    console.log(`\np99 at ${large.label} ÷ p99 at ${small.label} (target ≤ ${P99_GROWTH_TARGET}):`);
    for (const name of Object.keys(small.results)) {
      if (name.includes('floor')) continue;
      const ratio = large.results[name].p99 / small.results[name].p99;
      console.log(`  ${name.padEnd(44)} ${ratio.toFixed(2)}${ratio <= P99_GROWTH_TARGET ? '' : '  (over the target)'}`);
    }
  }
  console.log(
    `\nsessions/authenticate, ours ÷ floor (req/s, target ≥ ${FLOOR_TARGET}; CPU ms per request ours / floor):`,
  );
  for (const { label, results } of postgres) {
    const ours = results['ours beside the floor: sessions/authenticate'];
    const floor = results['floor: sessions/authenticate'];
    console.log(
      `  ${label.padEnd(20)} ${(ours.rps / floor.rps).toFixed(2)}   ` +
        `${ours.cpuPerRequestMs.toFixed(2)} / ${floor.cpuPerRequestMs.toFixed(2)} ms`,
    );
  }
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const sizes = [...options.sizes].sort((a, b) => a - b);
console.log(
  `growth bench: ${sizes.join(', ')} users on PostgreSQL${options.embedded ? `, ${options.embedded} embedded` : ''}; ` +
    `${options.requests} requests per scenario (password: ${Math.ceil(options.requests * PASSWORD_SHARE)}) ` +
    `after ${WARMUP_SHARE * 100} % of warm-up, ${CONCURRENCY} in flight; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
const entries = await buildServers(repoRoot);
const passwordHash = await hashPassword(PASSWORD);
const server = await postgresServer();
// freshDatabase (test/server/test-database.ts) and the month's test service make their databases on this server.
process.env[TEST_DATABASE_URL_ENV] = server.url;
const columns = [];
let scans = [];
let month = [];
const databases = [];
try {
  // Every size seeded first, then measured one after another: the figures the verdicts compare are neighbours in
  // time, not half an hour of seeding apart on a machine whose load moves.
  for (const n of sizes) databases.push({ n, database: await seededDatabase(n, passwordHash) });
  await quietMachine(options.quietLoad);
  for (const { n, database } of databases) {
    const measured = await measurePostgresSize(entries, database.options.url, n, n === sizes.at(-1));
    columns.push({ label: `${n.toLocaleString('en')} users`, results: measured.results });
    scans = scans.concat(measured.scans);
    // Each size's figures as soon as they are measured.
    printTable(columns.slice(-1));
  }
  for (const { database } of databases.splice(0)) await database.drop();
  if (options.embedded) {
    const results = await embeddedSize(entries, options.embedded, passwordHash);
    columns.push({ label: `${options.embedded.toLocaleString('en')} embedded`, results });
  }
  if (options.days) month = await simulateMonth(repoRoot, { days: options.days, signInsPerDay: options.signInsPerDay });
} finally {
  for (const { database } of databases) await database.drop().catch(() => undefined);
  server.release();
}

printTable(columns);
printVerdicts(columns.slice(0, sizes.length));
if (month.length) {
  console.log('\nThe simulated month (database size, sessions, magic links):');
  for (const row of month)
    console.log(
      `  ${row.moment.padEnd(80)} ${mb(row.bytes).padStart(10)} ` +
        `${String(row.sessions).padStart(8)} ${String(row.links).padStart(8)}`,
    );
}
console.log(
  `\nload average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
if (scans.length) {
  console.error(`\nFAILED: Seq Scan on a big table at ${sizes.at(-1)} users:\n  ${scans.join('\n  ')}`);
  process.exitCode = 1;
}
