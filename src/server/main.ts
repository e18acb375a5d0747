// `npm start` / `npm run serve` (development: the demo site, the built bundles and the identity service on one
// origin, with the dev tools) and `node dist-server/main.js` with NODE_ENV=production (a deployment). Every
// environment variable is parsed in env-options.ts and listed in the README ("Deploy"); production-check.ts decides
// whether this environment may start at all. With SERVICE_PROCESSES=N (PostgreSQL only) this script is also each of
// the N workers cluster.ts forks; the primary only supervises them. What development adds (the library app, the demo
// policy, the dev start lines) comes through dev-tools.ts, which loads nothing in production.
import { isClusterPrimary, reportWorkerReady, superviseWorkers } from './cluster.ts';
import { loadDevTools, type DevCompanions } from './dev-tools.ts';
import { serviceOptionsFromEnv, serviceProcessesFromEnv } from './env-options.ts';
import { startServer, type ListenOptions, type RunningServer } from './listen.ts';
import { findRepoRoot } from './paths.ts';
import { startupRefusal } from './production-check.ts';

const env = process.env;

/** A refusal is one line on stderr and exit code 1: the operator reads what to fix, not a stack trace. */
function refuse(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const refusal = startupRefusal(env);
if (refusal) refuse(refusal);

let processes = 1;
try {
  processes = serviceProcessesFromEnv(env);
} catch (error) {
  refuse(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
}
if (isClusterPrimary(processes)) superviseFromPrimary(processes);
else await serve();

/** The primary of SERVICE_PROCESSES workers: forks them and reports in the same voice as a single process does. */
function superviseFromPrimary(count: number): void {
  const production = env.NODE_ENV === 'production';
  const say = (event: Record<string, unknown>, text: string) => console.log(production ? JSON.stringify(event) : text);
  superviseWorkers(count, {
    ready: (pids) =>
      say(
        { event: 'workers_ready', processes: count, pids },
        `${count} service processes ready (pids ${pids.join(', ')})`,
      ),
    replaced: (pid, code, signal) =>
      say(
        { event: 'worker_replaced', pid, code, signal },
        `Service process ${pid} exited (${code ?? signal}): starting another`,
      ),
    stopping: (reason) => say({ event: 'shutdown', reason }, `${reason}: stopping every service process`),
  });
}

async function serve(): Promise<void> {
  let options: ListenOptions;
  let server: RunningServer;
  /**
   * Development only (dev-tools.ts): the demo's library app and RBAC policy, and the start lines about the dev tools.
   */
  let companions: DevCompanions | null = null;
  try {
    options = serviceOptionsFromEnv(env, findRepoRoot(import.meta.url));
    const dev = await loadDevTools(options.mode ?? 'development');
    if (dev) {
      companions = await dev.startDevCompanions(options, processes);
      options = companions.options;
    }
    server = await startServer(options);
    companions?.connect(server.url);
  } catch (error) {
    await companions?.close();
    refuse(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { config } = server.service;

  // In a group of processes the primary speaks for all of them; a worker only says it is ready.
  if (processes > 1) reportWorkerReady();
  else if (config.mode === 'production') {
    console.log(
      JSON.stringify({ event: 'listening', mode: 'production', url: server.url, public_url: config.publicUrl }),
    );
  } else {
    console.log(`Westlight University demo and identity service: ${server.url}`);
    for (const line of companions?.startLines(server.url) ?? []) console.log(line);
    const { database } = options;
    console.log(
      `Database: ${database?.kind === 'pglite' ? `PGlite in ${database.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    );
  }

  let stopping = false;
  /** Stops accepting, lets in-flight requests finish (bounded by SHUTDOWN_GRACE_MS), closes the database, exits 0. */
  async function stop(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    // In a group of processes the primary has announced the shutdown already.
    if (processes === 1 && config.mode === 'production') console.log(JSON.stringify({ event: 'shutdown', signal }));
    else if (processes === 1) console.log(`${signal}: closing`);
    try {
      await companions?.close();
      await server.close();
      process.exit(0);
    } catch (error) {
      console.error('Could not close cleanly', error);
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
