// The deployment path for real: `npm run build:server`, then `node dist-server/main.js` in production mode, with no
// TypeScript loader. It refuses to start without its required variables, serves the probes and no dev route, logs
// JSON lines, on SIGTERM finishes the request in flight before it exits 0, and loads no module of src/server/dev/.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from '../processes/service-process.ts';
import { until } from '../support/poll.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const buildDir = path.join(repoRoot, 'dist-server');
const mainJs = path.join(buildDir, 'main.js');
const devDir = path.join(repoRoot, 'src', 'server', 'dev');
/** A loader hook that only records each module the process loads (support/record-loads.mjs); plain JavaScript. */
const RECORD_LOADS = ['--import', pathToFileURL(path.join(repoRoot, 'test', 'support', 'record-loads.mjs')).href];
const PUBLIC_TOKEN = `public-token-live-${randomUUID()}`;
const B2B_PUBLIC_TOKEN = `public-token-live-b2b-${randomUUID()}`;
const STRONG = 'correct horse battery staple';

before(() => {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, encoding: 'utf8' });
  assert.equal(build.status, 0, build.stderr);
  assert.ok(fs.existsSync(mainJs));
  assert.ok(fs.existsSync(path.join(repoRoot, 'dist-server', 'migrations', '001_init.sql')));
});

/** Only what the child needs: no NODE_OPTIONS (which could carry a TypeScript loader) and no inherited settings. */
function childEnv(vars: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', ...vars };
}

function runToExit(vars: Record<string, string>) {
  return spawnSync(process.execPath, [mainJs], {
    cwd: os.tmpdir(),
    env: childEnv(vars),
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('refusing to start', () => {
  it('production names every missing variable in one line on stderr and exits 1', () => {
    const result = runToExit({ NODE_ENV: 'production' });
    assert.equal(result.status, 1);
    assert.equal(result.stdout, '');
    assert.equal(
      result.stderr,
      'Refusing to start in production mode: PUBLIC_URL (the origin browsers and providers reach ' +
        'the service at) is not set; ' +
        'SMTP_URL (the mail transport) is not set; PUBLIC_TOKEN is not set; B2B_PUBLIC_TOKEN is not set; ' +
        'AUTH_SECRET_KEY (the key that encrypts secrets at rest) is not set.\n',
    );
  });

  it('production names just the one missing variable', () => {
    const result = runToExit({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://id.westlight.example',
      SMTP_URL: 'smtp://127.0.0.1:1',
      PUBLIC_TOKEN,
      B2B_PUBLIC_TOKEN,
    });
    assert.equal(result.status, 1);
    assert.equal(
      result.stderr,
      'Refusing to start in production mode: AUTH_SECRET_KEY (the key that encrypts secrets at rest) is not set.\n',
    );
  });

  it('development (npm start) refuses a PUBLIC_URL in one line', () => {
    const result = runToExit({ PUBLIC_URL: 'https://id.westlight.example' });
    assert.equal(result.status, 1);
    assert.match(
      result.stderr,
      /^PUBLIC_URL is set, which means this service is being deployed: .*NODE_ENV=production.*\n$/,
    );
    assert.equal(result.stderr.trim().split('\n').length, 1);
  });
});

/**
 * Resolves with the first stdout line from index `from` on that `predicate` accepts (`lines` holds those seen so far).
 */
function waitForLine(
  child: ChildProcess,
  lines: string[],
  predicate: (line: string) => boolean,
  from = 0,
): Promise<string> {
  const found = lines.slice(from).find(predicate);
  if (found) return Promise.resolve(found);
  return new Promise((resolve, reject) => {
    const onLine = (line: string) => {
      if (!predicate(line)) return;
      child.off('line', onLine);
      child.off('exit', onExit);
      resolve(line);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`the service exited (${code}) before the expected line; stdout: ${lines.join('\n')}`));
    child.on('line', onLine);
    child.once('exit', onExit);
  });
}

describe('the compiled service in production mode', () => {
  let child: ChildProcess;
  let base: string;
  let dataDir: string;
  let stderr = '';
  const lines: string[] = [];
  let exit: Promise<number | null>;

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-compiled-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [...RECORD_LOADS, mainJs], {
      cwd: os.tmpdir(),
      env: childEnv({
        LOADED_MODULES_FILE: path.join(dataDir, 'loaded-modules.txt'),
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        SMTP_URL: 'smtp://127.0.0.1:1',
        PUBLIC_TOKEN,
        B2B_PUBLIC_TOKEN,
        AUTH_SECRET_KEY: randomBytes(32).toString('hex'),
        DATA_DIR: dataDir,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    let partial = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      partial += chunk;
      const complete = partial.split('\n');
      partial = complete.pop() ?? '';
      for (const line of complete) {
        lines.push(line);
        child.emit('line', line);
      }
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const listening = JSON.parse(await waitForLine(child, lines, (line) => line.includes('"listening"'))) as Record<
      string,
      string
    >;
    assert.deepEqual(listening, { event: 'listening', mode: 'production', url: base, public_url: base });
  });

  after(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exit;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves /healthz and /readyz, and no /dev route', async () => {
    const health = await fetch(`${base}/healthz`);
    assert.deepEqual([health.status, await health.json()], [200, { status: 'ok' }]);
    const ready = await fetch(`${base}/readyz`);
    assert.deepEqual([ready.status, await ready.json()], [200, { status: 'ok' }]);
    for (const devPath of ['/dev/inbox', '/dev/inbox.json', '/dev/oauth/authorize', '/dev/google-one-tap/client.js']) {
      const res = await fetch(`${base}${devPath}`);
      assert.equal(res.status, 404, devPath);
      // No dev route exists, so the request falls through to the demo site's own 404 page.
      const text = await res.text();
      assert.match(text, /^<!doctype html>/i, devPath);
      assert.doesNotMatch(text, /Dev inbox|dev identity provider|google\.accounts/i, devPath);
    }
  });

  it('logs one JSON line per request, without the query string', async () => {
    const from = lines.length;
    const res = await fetch(`${base}/healthz?token=secret-in-query`);
    assert.equal(res.status, 200);
    const line = await waitForLine(child, lines, (l) => l.includes('"path":"/healthz"'), from);
    const entry = JSON.parse(line) as Record<string, unknown>;
    assert.equal(entry.method, 'GET');
    assert.equal(entry.status, 200);
    assert.equal(entry.ip, '127.0.0.1');
    assert.ok(!lines.join('\n').includes('secret-in-query'));
  });

  it('on SIGTERM stops accepting, finishes the request in flight with 200, and exits 0', async () => {
    const body = JSON.stringify({
      email: `student-${randomUUID().slice(0, 8)}@example.com`,
      password: STRONG,
      session_duration_minutes: 30,
    });
    const agent = new http.Agent({ keepAlive: true });
    // Expect: 100-continue makes the server answer once it has taken the request: from then on it is in flight.
    const request = http.request(`${base}/sdk/v1/passwords`, {
      method: 'POST',
      agent,
      headers: {
        Authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`).toString('base64')}`,
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        Expect: '100-continue',
      },
    });
    const response = new Promise<{ status: number; connection: string | undefined; text: string }>(
      (resolve, reject) => {
        request.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }));
        });
        request.on('error', reject);
      },
    );
    await new Promise<void>((resolve) => request.once('continue', () => resolve()));

    child.kill('SIGTERM');
    await waitForLine(child, lines, (line) => line.includes('"shutdown"'));
    await until(() => connectionRefused(base), 'the service to stop listening');

    request.end(body);
    const answer = await response;
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.connection, 'close');
    const data = (JSON.parse(answer.text) as { data: { session_token: string } }).data;
    assert.ok(data.session_token.length > 0);
    assert.equal(await exit, 0);
    assert.equal(stderr, '');
    agent.destroy();
  });

  // Runs after the process has exited: what it loaded in its whole life, sign-up and shutdown included.
  it('loaded no module of src/server/dev/: the dev tools are a chunk it never loads', async () => {
    assert.notEqual(child.exitCode, null, 'the service has exited');
    const loaded = loadedBuildFiles(path.join(dataDir, 'loaded-modules.txt'));
    assert.ok(loaded.includes(mainJs), `the hook saw the entry: ${loaded.join(', ')}`);
    for (const file of loaded) assert.deepEqual(devSourcesOf(file), [], path.basename(file));
    // The dev tools are in the build all the same (development runs this same build): only never loaded here.
    const devChunks = builtFiles().filter((file) => devSourcesOf(file).length > 0);
    assert.ok(devChunks.length > 0, 'some built chunk holds src/server/dev/');
    assert.ok(devChunks.every((file) => !loaded.includes(file)));
  });
});

describe('the compiled service in development mode (the other side of the check above)', () => {
  it('loads the chunk with src/server/dev/ through the one dynamic import, and serves the dev inbox', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-compiled-dev-'));
    const loadedFile = path.join(dataDir, 'loaded-modules.txt');
    // PORT 0: the service and the demo's library app beside it each take a free port.
    const child = spawn(process.execPath, [...RECORD_LOADS, mainJs], {
      cwd: os.tmpdir(),
      env: childEnv({ LOADED_MODULES_FILE: loadedFile, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    try {
      const url = await until(
        () =>
          /^Westlight University demo and identity service: (\S+)$/m.exec(stdout)?.[1] ??
          (child.exitCode !== null && 'exited'),
        'the development service to listen',
        60_000,
      );
      assert.notEqual(url, 'exited', `${stdout}\n${stderr}`);
      const inbox = await fetch(`${url}/dev/inbox.json`);
      assert.equal(inbox.status, 200);
      assert.deepEqual(await inbox.json(), { messages: [] });
      child.kill('SIGTERM');
      assert.equal(await exit, 0, stderr);
      const loaded = loadedBuildFiles(loadedFile);
      assert.ok(
        loaded.some((file) => devSourcesOf(file).includes(path.join(devDir, 'mount.ts'))),
        `a loaded chunk holds dev/mount.ts: ${loaded.join(', ')}`,
      );
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exit;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * The build's own files a process loaded, from the loader hook's record. The hook sees every ES module load, static
 * or dynamic, so this is what ran, not what the bundle could reach; a chunk that is never loaded is not in it.
 */
function loadedBuildFiles(recordFile: string): string[] {
  const urls = fs
    .readFileSync(recordFile, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:'));
  return [...new Set(urls.map((url) => fileURLToPath(url)))].filter((file) => path.dirname(file) === buildDir);
}

function builtFiles(): string[] {
  return fs
    .readdirSync(buildDir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => path.join(buildDir, name));
}

/**
 * The src/server/dev/ modules whose code is in a built file, from its source map: esbuild lists there every source
 * file with code in that output, so a dev module bundled into the entry or a shared chunk shows up by name.
 */
function devSourcesOf(file: string): string[] {
  const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; sourceRoot?: string };
  return map.sources
    .map((source) => path.resolve(path.dirname(file), map.sourceRoot ?? '', source))
    .filter((source) => source.startsWith(devDir + path.sep));
}

/** Whether a new connection to the service is refused (it has stopped listening). */
function connectionRefused(base: string): Promise<boolean> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
