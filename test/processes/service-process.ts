// The identity service as a real process (`node --import tsx src/server/main.ts`), the way a deployment runs it: for
// the tests that need two processes on one database (races.test.ts) or a process killed with SIGKILL
// (crash-safety.test.ts). Readiness is a state check (the bootstrap answers 200), never the log output.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import type { DatabaseOptions } from '../../src/server/db/db.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import { PATHS } from '../../src/api/paths.ts';
import { basicAuth } from '../server/support.ts';
import { freshDatabase, testDatabaseUrl } from '../server/test-database.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { PollTimeoutError, until } from '../support/poll.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** A cold start compiles the whole service with tsx; on a busy 2-core machine that can take several seconds. */
const READY_TIMEOUT_MS = 60_000;
/** The runner's environment variables a service process gets; everything else it is told explicitly. */
const INHERITED_ENV = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
/** Graceful shutdown finishes in-flight requests and closes the database; far less than this, or it is broken. */
const STOP_TIMEOUT_MS = 20_000;

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown code runs. Resolves when the process is gone. */
  kill9(): Promise<void>;
  /**
   * SIGTERM and wait for the exit (the graceful path); a process still running after STOP_TIMEOUT_MS fails the test.
   */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The environment main.ts reads for a database: DATABASE_URL, or DATA_DIR for PGlite on disk. */
function databaseEnv(database: DatabaseOptions): Record<string, string> {
  if (database.kind === 'postgres') return { DATABASE_URL: database.url };
  if (database.kind === 'pglite') return { DATA_DIR: database.dataDir };
  throw new Error('A service process needs a database another process can open: PostgreSQL or a PGlite folder.');
}

/**
 * Starts main.ts on a free loopback port in development mode and resolves once its bootstrap answers 200. The port is
 * free when picked but another program may take it before main.ts listens; then one more port is tried.
 */
export async function startServiceProcess(
  database: DatabaseOptions,
  extraEnv: Record<string, string> = {},
  /** The checkout whose main.ts runs: another release's (rolling-upgrade.test.ts), or this one. */
  root: string = repoRoot,
): Promise<ServiceProcess> {
  try {
    return await startOnFreePort(database, extraEnv, root);
  } catch (error) {
    if (!String(error).includes('EADDRINUSE')) throw error;
    return startOnFreePort(database, extraEnv, root);
  }
}

async function startOnFreePort(
  database: DatabaseOptions,
  extraEnv: Record<string, string>,
  root: string,
): Promise<ServiceProcess> {
  const port = await freePort();
  // Only what node needs from the runner's environment: a developer's NODE_ENV, PUBLIC_URL or SMTP_URL must not turn
  // the process into something else than development mode with the dev inbox, on exactly this database.
  const inherited = Object.fromEntries(
    INHERITED_ENV.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
  const env = { ...inherited, ...extraEnv, ...databaseEnv(database), PORT: String(port), HOST: '127.0.0.1' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const url = `http://127.0.0.1:${port}`;
  const proc: ServiceProcess = {
    url,
    child,
    output: () => output,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STOP_TIMEOUT_MS)));
      const outcome = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (outcome === 'late') {
        await proc.kill9();
        throw new Error(`The service did not exit within ${STOP_TIMEOUT_MS} ms of SIGTERM:\n${output}`);
      }
    },
  };
  try {
    await waitUntilReady(proc, exited);
  } catch (error) {
    await proc.kill9();
    throw error;
  }
  return proc;
}

async function waitUntilReady(proc: ServiceProcess, exited: Promise<void>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const answers = async () => {
    if (gone) throw new Error(`The service exited before it was ready:\n${proc.output()}`);
    try {
      return (await requestTo(proc, `${SDK_BASE_PATH}${PATHS.bootstrap(DEFAULT_PUBLIC_TOKEN)}`)).status === 200;
    } catch {
      return false; // Not listening yet.
    }
  };
  await until(answers, 'the service to answer', READY_TIMEOUT_MS).catch((error: unknown) => {
    if (error instanceof PollTimeoutError) error.message += `:\n${proc.output()}`;
    throw error;
  });
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * The loopback address the request comes from (e.g. 127.0.0.23): the service sees it as the client IP, so a test
   * can be many clients (Linux routes all of 127.0.0.0/8 to the loopback interface).
   */
  clientIp?: string;
}

/**
 * One HTTP request to a process; redirects are not followed. node:http, because fetch cannot pick the source address.
 */
export function requestTo(proc: ServiceProcess, pathAndQuery: string, options: RequestOptions = {}): Promise<Response> {
  const url = new URL(pathAndQuery, proc.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.clientIp ? { localAddress: options.clientIp } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
              headers.append(name, item);
          }
          const status = res.statusCode ?? 0;
          const body = [204, 205, 304].includes(status) ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers }));
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The i-th of many test clients: 127.0.0.10 to 127.0.0.209. */
export function clientIp(i: number): string {
  return `127.0.0.${10 + (i % 200)}`;
}

/** POST /sdk/v1<path> to a process the way the client does (Basic auth with the public token, JSON). */
export function postTo(proc: ServiceProcess, apiPath: string, body: unknown, ip?: string): Promise<Response> {
  return requestTo(proc, `${SDK_BASE_PATH}${apiPath}`, {
    method: 'POST',
    headers: { Authorization: basicAuth(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    ...(ip ? { clientIp: ip } : {}),
  });
}

/**
 * A database that outlives the processes using it: a fresh PostgreSQL database when TEST_DATABASE_URL is set,
 * else a fresh PGlite folder (which only one process may open at a time).
 */
export interface SharedDatabase {
  options: DatabaseOptions;
  /** Whether two processes can use it at once. */
  multiProcess: boolean;
  drop(): Promise<void>;
}

export async function sharedDatabase(): Promise<SharedDatabase> {
  if (testDatabaseUrl()) {
    const database = await freshDatabase();
    return { options: database.options, multiProcess: true, drop: database.drop };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-process-'));
  fs.cpSync(await migratedPgliteFolder(), dataDir, { recursive: true });
  return {
    options: { kind: 'pglite', dataDir },
    multiProcess: false,
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

let migratedFolder: Promise<string> | undefined;

/**
 * A migrated, empty PGlite folder, made once per test file: unpacking a new cluster into a folder takes seconds, and a
 * copy of this one is the same fresh database in a fraction of that. Removed when the test process exits.
 */
function migratedPgliteFolder(): Promise<string> {
  migratedFolder ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-migrated-'));
    process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const db = await openDatabase({ kind: 'pglite', dataDir: dir });
    await db.close();
    return dir;
  })();
  return migratedFolder;
}
