// Request throughput and memory of the identity service over loopback. The service runs in its own process
// (bench/service-under-test.ts, bundled like dist-server/main.js and run without a TypeScript loader, as `npm start`
// and a deployment run it) so this load generator does not share its event loop. Part 1: one process on the embedded
// database in a new data folder (PGlite, as `npm start` keeps it): every scenario's req/s and latency,
// sessions/authenticate ÷ the bare static route in the same run, resident memory at idle after the first start, at the
// peak of the load and at idle after a restart on the same folder, and a CPU profile of the authenticate scenario. Part
// 2: the same service on PostgreSQL with 1, 2 and 4 processes (SERVICE_PROCESSES's cluster supervisor):
// BENCH_DATABASE_URL, else TEST_DATABASE_URL, else a throwaway cluster from scripts/test-postgres.sh when PostgreSQL is
// installed. The load comes from wrk when it is installed, else from Node's fetch (see LOADER). It measures, it does
// not judge: wall-clock figures depend on the machine, so no test asserts them. `--no-postgres` runs part 1 only.
import { execFile, execFileSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PATHS } from '../src/api/paths.ts';
import { SDK_BASE_PATH } from '../src/api/telemetry.ts';
import { HEALTH_PATH } from '../src/server/constants/deployment.ts';
import { DEFAULT_PUBLIC_TOKEN } from '../src/server/constants/project.ts';
import type { BenchReply, BenchRequest, ProfileLine } from './service-under-test.ts';
import { freePort } from '../test/processes/service-process.ts';
import { buildServer } from '../scripts/build-server.mjs';

const REQUESTS_PER_SCENARIO = 2000;
/** Requests before each measured run: the JIT compiles the hot path and the pools fill. */
const WARMUP_REQUESTS = 200;
const CONCURRENCY = 16;
const SCALING_PROCESSES = [1, 2, 4];
const MB = 1024 * 1024;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_DIR = path.join(repoRoot, 'bench/.build');
const SERVICE_BUNDLE = 'service-under-test.js';
const publicToken = DEFAULT_PUBLIC_TOKEN;
const basic = (secret: string) => `Basic ${Buffer.from(`${publicToken}:${secret}`).toString('base64')}`;
const json = (secret: string) => ({ Authorization: basic(secret), 'Content-Type': 'application/json' });

interface Service {
  url: string;
  pids: number[];
  child: ChildProcess;
  ask(request: BenchRequest): Promise<BenchReply>;
  stop(): Promise<void>;
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

/** One kind of request; `{i}` in the body becomes the request's number (each send goes to a new address). */
interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * The environment `npm start` gives the service (the `NAME=value` words before `node` in package.json's start
 * script), so the bench measures the process the demo runs: MALLOC_MMAP_THRESHOLD_ changes its resident memory.
 */
function startScriptEnv(): Record<string, string> {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const command = scripts.start?.split('&&').at(-1) ?? '';
  const words = command.trim().split(/\s+/);
  return Object.fromEntries(words.slice(0, words.indexOf('node')).map((word) => word.split('=') as [string, string]));
}

async function startService(processes: number, database: { url: string } | { dataDir: string }): Promise<Service> {
  const port = processes > 1 ? await freePort() : 0;
  const child = fork(path.join(BUILD_DIR, SERVICE_BUNDLE), {
    cwd: repoRoot,
    // BENCH_EXEC_ARGV tries Node or V8 flags on the service (e.g. --liftoff-only) without changing it.
    execArgv: process.env.BENCH_EXEC_ARGV?.split(' ').filter(Boolean) ?? [],
    env: {
      ...startScriptEnv(),
      ...process.env,
      BENCH_PROCESSES: String(processes),
      BENCH_PORT: String(port),
      DATABASE_URL: 'url' in database ? database.url : '',
      BENCH_DATA_DIR: 'dataDir' in database ? database.dataDir : '',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const replies: ((reply: BenchReply) => void)[] = [];
  const ready = new Promise<Extract<BenchReply, { type: 'ready' }>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the service under test exited (${code}) before it was ready`)));
    child.on('message', (message: BenchReply) => {
      if (message.type === 'ready') resolve(message);
      else replies.shift()?.(message);
    });
  });
  const { url, pids } = await ready;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    pids,
    child,
    ask: (request) =>
      new Promise((resolve) => {
        replies.push(resolve);
        child.send(request);
      }),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const api = (service: Service, apiPath: string) => `${service.url}${SDK_BASE_PATH}${apiPath}`;

async function signIn(service: Service, email: string): Promise<string> {
  await fetch(api(service, PATHS.magicLinksEmailLoginOrCreate), {
    method: 'POST',
    headers: json(publicToken),
    body: JSON.stringify({ email }),
  });
  const inbox = (await (await fetch(`${service.url}/dev/inbox.json?to=${encodeURIComponent(email)}`)).json()) as {
    messages: { links: string[] }[];
  };
  const link = inbox.messages[0]?.links.find((l) => l.includes('token='));
  const token = new URL(link!).searchParams.get('token');
  const res = await fetch(api(service, PATHS.magicLinksAuthenticate), {
    method: 'POST',
    headers: json(publicToken),
    body: JSON.stringify({ token, session_duration_minutes: 60 }),
  });
  return ((await res.json()) as { data: { session_token: string } }).data.session_token;
}

/** The scenarios; `sessionToken` is a live session of a user signed in by magic link. */
function scenarios(
  sessionToken: string,
  run: string,
): Record<'static' | 'health' | 'bootstrap' | 'authenticate' | 'me' | 'send', Scenario> {
  const sdk = (apiPath: string) => `${SDK_BASE_PATH}${apiPath}`;
  return {
    static: { name: 'GET /robots.txt (bare static route)', method: 'GET', path: '/robots.txt' },
    health: { name: `GET ${HEALTH_PATH} (no I/O at all)`, method: 'GET', path: HEALTH_PATH },
    bootstrap: { name: 'GET bootstrap', method: 'GET', path: sdk(PATHS.bootstrap(publicToken)) },
    authenticate: {
      name: 'POST sessions/authenticate',
      method: 'POST',
      path: sdk(PATHS.sessionsAuthenticate),
      headers: json(sessionToken),
      body: '{}',
    },
    me: { name: 'GET users/me', method: 'GET', path: sdk(PATHS.usersMe), headers: json(sessionToken) },
    send: {
      name: 'POST magic_links/email/login_or_create',
      method: 'POST',
      path: sdk(PATHS.magicLinksEmailLoginOrCreate),
      headers: json(publicToken),
      body: JSON.stringify({ email: `bench-${run}-{i}@example.com` }),
    },
  };
}

/**
 * The load generator: wrk (Debian's package, written in C) when it is on the PATH, else Node's fetch in this process.
 * fetch costs the load generator about as much CPU per request as the bare route costs the service, so with it the
 * bare route measures the load generator (1.6–2.1k req/s here, against 15–33k with wrk), and every process the
 * service adds competes with it for the same two cores. BENCH_LOADER=fetch forces fetch (the figures before wrk).
 */
const LOADER: 'wrk' | 'fetch' = process.env.BENCH_LOADER === 'fetch' || !onPath('wrk') ? 'fetch' : 'wrk';
/** wrk runs for a time, not a count of requests. */
const WRK_SECONDS = 5;
const WRK_WARMUP_SECONDS = 1;
/** Every run numbers its requests from its own offset, so the send scenario's addresses stay fresh across runs. */
let runs = 0;

function onPath(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // `wrk --version` prints its usage and exits 1: it exists. Only a missing command is ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

function loadDescription(): string {
  return LOADER === 'wrk'
    ? `wrk, ${WRK_SECONDS} s per scenario after ${WRK_WARMUP_SECONDS} s of warm-up, ${CONCURRENCY} connections`
    : `Node's fetch (BENCH_LOADER=fetch, or no wrk on the PATH), ${REQUESTS_PER_SCENARIO} requests per scenario ` +
        `after ${WARMUP_REQUESTS} of warm-up, concurrency ${CONCURRENCY}`;
}

function load(service: Service, scenario: Scenario, warmUp = false): Promise<Omit<Result, 'name'>> {
  const offset = ++runs * 1_000_000;
  if (LOADER === 'wrk') return loadWithWrk(service, scenario, warmUp ? WRK_WARMUP_SECONDS : WRK_SECONDS, offset);
  return loadWithFetch(service, scenario, warmUp ? WARMUP_REQUESTS : REQUESTS_PER_SCENARIO, offset);
}

async function loadWithFetch(
  service: Service,
  scenario: Scenario,
  requests: number,
  offset: number,
): Promise<Omit<Result, 'name'>> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests) {
        const i = offset + next++;
        const t0 = performance.now();
        const res = await fetch(`${service.url}${scenario.path}`, {
          method: scenario.method,
          headers: scenario.headers,
          body: scenario.body?.replace('{i}', String(i)),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!res.ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  return { rps: requests / seconds, p50: pct(50), p99: pct(99), failures };
}

/** The scenario as a wrk script: its method, headers and body, numbered from `offset` when the body has `{i}`. */
function wrkScript(scenario: Scenario, offset: number): string {
  const lua = (text: string) => JSON.stringify(text); // the bench's strings are ASCII, where JSON's escapes are Lua's
  const lines = [`wrk.method = ${lua(scenario.method)}`];
  for (const [name, value] of Object.entries(scenario.headers ?? {}))
    lines.push(`wrk.headers[${lua(name)}] = ${lua(value)}`);
  const [before = '', after] = (scenario.body ?? '').split('{i}');
  if (after === undefined) lines.push(`wrk.body = ${lua(before)}`);
  else {
    lines.push(`local i = ${offset}`);
    lines.push(
      `request = function() i = i + 1; return wrk.format(nil, nil, nil, ${lua(before)} .. i .. ${lua(after)}) end`,
    );
  }
  return lines.join('\n');
}

async function loadWithWrk(
  service: Service,
  scenario: Scenario,
  seconds: number,
  offset: number,
): Promise<Omit<Result, 'name'>> {
  const script = path.join(BUILD_DIR, 'scenario.lua');
  fs.writeFileSync(script, wrkScript(scenario, offset));
  const args = [
    '-t1',
    `-c${CONCURRENCY}`,
    `-d${seconds}s`,
    '--latency',
    '-s',
    script,
    `${service.url}${scenario.path}`,
  ];
  const output = await new Promise<string>((resolve, reject) =>
    execFile('wrk', args, (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
  const count = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const percentileMs = (label: string) => {
    const match = new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(output);
    if (!match) throw new Error(`wrk printed no ${label} latency:\n${output}`);
    return Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's'];
  };
  const rps = count(/Requests\/sec:\s+([\d.]+)/);
  if (!rps) throw new Error(`wrk measured nothing:\n${output}`);
  const socketErrors =
    /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)?.slice(1) ?? [];
  return {
    rps,
    p50: percentileMs('50%'),
    p99: percentileMs('99%'),
    failures: count(/Non-2xx or 3xx responses: (\d+)/) + socketErrors.reduce((sum, n) => sum + Number(n), 0),
  };
}

/**
 * One pass over every scenario before any is measured: the first scenario would otherwise also pay the service's own
 * warm-up (JIT of the HTTP path every route shares), which made the bare static route look several times slower than
 * it is. Offset past the ids the measured runs use, so the send scenario's addresses stay fresh.
 */
async function warmUp(service: Service, all: Scenario[]): Promise<void> {
  for (const scenario of all) await load(service, scenario, true);
}

async function measure(service: Service, scenario: Scenario): Promise<Result> {
  await load(service, scenario, true);
  return { name: scenario.name, ...(await load(service, scenario)) };
}

function printResults(results: Result[]): void {
  console.log(
    `${'scenario'.padEnd(42)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  non-2xx`,
  );
  for (const r of results) {
    const figures = [r.rps.toFixed(0).padStart(7), r.p50.toFixed(1).padStart(8), r.p99.toFixed(1).padStart(8)];
    console.log(`${r.name.padEnd(42)} ${figures.join(' ')}  ${r.failures}`);
  }
}

async function memory(service: Service): Promise<Extract<BenchReply, { type: 'memory' }>> {
  const reply = await service.ask({ type: 'memory' });
  if (reply.type !== 'memory') throw new Error(`expected memory figures, got ${JSON.stringify(reply)}`);
  return reply;
}

function mb(bytes: number): string {
  return `${(bytes / MB).toFixed(0)} MB`;
}

async function embedded(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-bench-'));
  try {
    await embeddedRun(dataDir);
    const restarted = await startService(1, { dataDir });
    try {
      const rss = mb((await memory(restarted)).memory.rss);
      console.log(`memory: resident ${rss} at idle after a restart on the same data folder (target ≤ 250 MB)`);
    } finally {
      await restarted.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function embeddedRun(dataDir: string): Promise<void> {
  const service = await startService(1, { dataDir });
  try {
    const idle = await memory(service);
    const sessionToken = await signIn(service, 'bench@example.com');
    const s = scenarios(sessionToken, 'embedded');
    const env = Object.entries(startScriptEnv())
      .map(([name, value]) => `${name}=${value}`)
      .join(' ');
    const withEnv = env ? `, with npm start's ${env}` : '';
    console.log(
      `\nThe service, one process, embedded database (PGlite in a new data folder)${withEnv}: ${loadDescription()}`,
    );
    const results: Result[] = [];
    const keys = ['static', 'health', 'bootstrap', 'authenticate', 'me', 'send'] as const;
    await warmUp(
      service,
      keys.map((key) => s[key]),
    );
    for (const key of keys) results.push(await measure(service, s[key]));
    printResults(results);
    const rps = (name: string) => results.find((r) => r.name === name)!.rps;
    const ratio = rps(s.authenticate.name) / rps(s.static.name);
    const healthRatio = rps(s.authenticate.name) / rps(s.health.name);
    console.log(
      `sessions/authenticate ÷ bare static route: ${ratio.toFixed(2)} (target ≥ 0.5); ` +
        `÷ ${HEALTH_PATH}: ${healthRatio.toFixed(2)}`,
    );
    const loaded = await memory(service);
    const m = idle.memory;
    console.log(
      `memory: resident ${mb(m.rss)} at idle after the first start (V8 heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)}, ` +
        `external ${mb(m.external)}, of which ArrayBuffers ${mb(m.arrayBuffers)} — PGlite's wasm memory is one), ` +
        `${mb(loaded.peakRss)} at the peak under load (targets ≤ 250 MB, ≤ 400 MB)`,
    );

    await service.ask({ type: 'profile-start' });
    await load(service, s.authenticate);
    const profile = await service.ask({ type: 'profile-stop' });
    if (profile.type !== 'profile') throw new Error(`expected a profile, got ${JSON.stringify(profile)}`);
    printProfile(profile.top, profile.categories);
  } finally {
    await service.stop();
  }
}

function printProfile(top: ProfileLine[], categories: ProfileLine[]): void {
  const print = (line: ProfileLine) =>
    console.log(
      `${(line.share * 100).toFixed(1).padStart(5)} %  ${line.selfMs.toFixed(0).padStart(6)} ms  ${line.name}`,
    );
  console.log(`\nCPU profile of the service under sessions/authenticate (${loadDescription()}), self time by part:`);
  categories.forEach(print);
  console.log('top functions by self time:');
  top.forEach(print);
}

/** A PostgreSQL server to create bench databases on, and how to let it go. */
async function postgresServer(): Promise<{ url: string; release(): void } | null> {
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (given) return { url: given, release: () => {} };
  const script = path.join(repoRoot, 'scripts/test-postgres.sh');
  try {
    const output = execFileSync(script, ['start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    const url = /TEST_DATABASE_URL=(\S+)/.exec(output)?.[1];
    if (!url) return null;
    return { url, release: () => void execFileSync(script, ['stop'], { stdio: 'inherit' }) };
  } catch {
    return null;
  }
}

async function withDatabase<T>(serverUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function postgresScaling(): Promise<void> {
  const server = await postgresServer();
  if (!server) {
    console.log('\nPostgreSQL scaling: DID NOT RUN (set BENCH_DATABASE_URL or install PostgreSQL, see the README)');
    return;
  }
  try {
    console.log(
      `\nThe service on PostgreSQL, SERVICE_PROCESSES = ${SCALING_PROCESSES.join(', ')} ` +
        `(req/s; ${loadDescription()}; the load generator and PostgreSQL run on the same cores)`,
    );
    const rows: { processes: number; results: Result[] }[] = [];
    for (const processes of SCALING_PROCESSES) {
      await withDatabase(server.url, async (url) => {
        const service = await startService(processes, { url });
        try {
          const sessionToken = await signIn(service, `bench-${processes}@example.com`);
          const s = scenarios(sessionToken, `pg${processes}`);
          const results: Result[] = [];
          for (const key of ['static', 'bootstrap', 'authenticate', 'send'] as const)
            results.push(await measure(service, s[key]));
          rows.push({ processes, results });
        } finally {
          await service.stop();
        }
      });
    }
    const names = rows[0]!.results.map((r) => r.name);
    const processColumns = SCALING_PROCESSES.map((n) => `${n} proc`.padStart(9)).join(' ');
    console.log(`${'scenario'.padEnd(42)} ${processColumns}   p99 ms at ${SCALING_PROCESSES.join('/')}`);
    for (const name of names) {
      const cells = rows.map((row) => row.results.find((r) => r.name === name)!);
      const rates = cells.map((c) => c.rps.toFixed(0).padStart(9)).join(' ');
      const p99 = cells.map((c) => c.p99.toFixed(0)).join('/');
      const failures = cells.some((c) => c.failures) ? `  non-2xx ${cells.map((c) => c.failures).join('/')}` : '';
      console.log(`${name.padEnd(42)} ${rates}   ${p99}${failures}`);
    }
  } finally {
    server.release();
  }
}

await buildServer({ entry: 'bench/service-under-test.ts', outDir: BUILD_DIR, outFile: SERVICE_BUNDLE });
await embedded();
if (!process.argv.includes('--no-postgres')) await postgresScaling();
