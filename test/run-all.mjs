// `npm test`: runs every stage in order, streams its output, and ends with one total line ("N passed, N failed").
// A failing stage does not hide the later ones; the exit code is non-zero if any stage failed.
//
// The service tests and the service-process tests (test/processes: races across processes, kill -9) run twice: on
// the embedded database (PGlite), then on a real PostgreSQL server. That server is
// TEST_DATABASE_URL when set; otherwise a throwaway cluster that scripts/test-postgres.sh starts when PostgreSQL's
// binaries are installed. Without either, the PostgreSQL stage says loudly that it did not run; with CI=true that is
// a failure.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium-setup.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pgScript = path.join(repoRoot, 'scripts', 'test-postgres.sh');
const inCi = process.env.CI === 'true';

const stages = [
  { name: 'typecheck', script: 'typecheck' },
  // Biome checks formatting and lint rules (biome.jsonc) without writing; `npm run format` fixes what it can.
  { name: 'format and lint (Biome)', script: 'lint' },
  // The embedded database: TEST_DATABASE_URL is removed so a developer's exported URL does not change this stage.
  { name: 'service and tooling (node:test)', script: 'test:server', env: { TEST_DATABASE_URL: undefined } },
  // Service processes (main.ts) raced and killed: one on a PGlite folder here, two on one database below.
  { name: 'service processes, embedded database', script: 'test:processes', env: { TEST_DATABASE_URL: undefined } },
  // test/postgres holds what only a real server can do (end the service's connections); it runs here only.
  {
    name: 'service and service processes (PostgreSQL)',
    scripts: ['test:server', 'test:processes', 'test:postgres'],
    postgres: true,
  },
  { name: 'client and widget (Chromium)', script: 'test:browser' },
  { name: 'end to end (npm start + Chromium)', script: 'test:e2e' },
  // Measures dist/ as the end-to-end stage's `npm start` just built it, in Chromium (bench/size.mjs).
  { name: 'size budgets', script: 'test:budgets' },
];

/** Pass/fail counts from the output of node:test (spec reporter), @web/test-runner, or our budget script. */
export function countResults(output) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes start with ESC; this strips them.
  const clean = output.replace(/\x1b\[[0-9;]*m/g, '');
  const nodePass = [...clean.matchAll(/^\s*ℹ pass (\d+)$/gm)].map((m) => Number(m[1]));
  const nodeFail = [...clean.matchAll(/^\s*ℹ fail (\d+)$/gm)].map((m) => Number(m[1]));
  if (nodePass.length) return { passed: nodePass.at(-1), failed: nodeFail.at(-1) ?? 0 };
  const plain = [...clean.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1);
  if (plain) return { passed: Number(plain[1]), failed: Number(plain[2]) };
  return null;
}

/**
 * The PostgreSQL server for the PostgreSQL stage: `{url}` (and `stop` when we started it), or `{missing}` with the
 * reason none is available.
 */
function postgresServer() {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: () => {} };
  const bindir = spawnSync(pgScript, ['bindir'], { encoding: 'utf8' });
  if (bindir.status !== 0)
    return { missing: `TEST_DATABASE_URL is not set and ${bindir.stderr.trim() || 'PostgreSQL is not installed.'}` };
  const dir = path.join(os.tmpdir(), `auth-login-test-pg-${process.pid}`);
  const stop = () => spawnSync(pgScript, ['stop', dir], { stdio: 'ignore' });
  process.on('exit', stop);
  const started = spawnSync(pgScript, ['start', dir], { encoding: 'utf8' });
  const url = /^TEST_DATABASE_URL=(.+)$/m.exec(started.stdout ?? '')?.[1];
  if (started.status !== 0 || !url) {
    stop();
    return { failed: `scripts/test-postgres.sh could not start a cluster:\n${started.stdout}${started.stderr}` };
  }
  console.log(`Started a throwaway PostgreSQL cluster (${bindir.stdout.trim()}) at ${url}`);
  return { url, stop };
}

function loud(lines) {
  const bar = '!'.repeat(100);
  console.log(`\n${bar}\n${lines.map((line) => `!!! ${line}`).join('\n')}\n${bar}\n`);
}

function run(script, extraEnv = {}) {
  return new Promise((resolve) => {
    const env = { ...process.env, ...extraEnv };
    for (const [key, value] of Object.entries(extraEnv)) if (value === undefined) delete env[key];
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      output += d;
      process.stderr.write(d);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

// Before any stage: a missing browser is said at once in one line, not as failures at the end of a long run.
console.log(`Chromium: ${ensureChromium()}`);

let passed = 0;
let failed = 0;
const summary = [];
for (const stage of stages) {
  console.log(`\n=== ${stage.name} ===`);
  let env = stage.env ?? {};
  let stopServer = () => {};
  if (stage.postgres) {
    const server = postgresServer();
    if (server.missing && !inCi) {
      loud([
        `${stage.name} DID NOT RUN: ${server.missing}`,
        'The service tests ran on the embedded database only. See README, "Tests on PostgreSQL".',
      ]);
      summary.push(`SKIP ${stage.name}: NOT RUN (no PostgreSQL server; see above)`);
      continue;
    }
    if (!server.url) {
      const reason = server.missing ? `${server.missing} CI=true requires this stage.` : server.failed;
      loud([`${stage.name} FAILED: ${reason}`]);
      failed += 1;
      summary.push(`FAIL ${stage.name}: no PostgreSQL server`);
      continue;
    }
    env = { TEST_DATABASE_URL: server.url };
    stopServer = server.stop;
  }
  const stagePassed = { passed: 0, failed: 0, ok: true };
  for (const script of stage.scripts ?? [stage.script]) {
    const { code, output } = await run(script, env);
    const counts = countResults(output) ?? { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
    if (code !== 0 && counts.failed === 0) counts.failed = 1; // a crash with no failing test is still a failure
    stagePassed.passed += counts.passed;
    stagePassed.failed += counts.failed;
    stagePassed.ok &&= code === 0;
  }
  stopServer();
  passed += stagePassed.passed;
  failed += stagePassed.failed;
  summary.push(
    `${stagePassed.ok ? 'ok  ' : 'FAIL'} ${stage.name}: ${stagePassed.passed} passed, ${stagePassed.failed} failed`,
  );
}
console.log(`\n${summary.join('\n')}`);
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
