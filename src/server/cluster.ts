// Several service processes on one port (SERVICE_PROCESSES=N, PostgreSQL only): node:cluster's primary forks N workers
// that each run the whole service (main.ts) and share the listening socket; the kernel-side round robin of the primary
// spreads connections across them. Everything the workers share lives in PostgreSQL (rate limits, sessions, the
// signing key), migrations take the advisory lock (db/migrate.ts), so the primary holds no state and opens no database.
import cluster, { type Worker } from 'node:cluster';

/** What a worker tells the primary once its service answers requests (the database is open and migrated). */
export const WORKER_READY_MESSAGE = 'service-worker-ready';

export interface SupervisorEvents {
  /** Every worker answers requests. */
  ready(pids: number[]): void;
  /** A worker that was serving exited unexpectedly and a replacement is starting. */
  replaced(pid: number, code: number | null, signal: string | null): void;
  /** Why the whole group is stopping (a worker failed to start, or a signal). */
  stopping(reason: string): void;
}

/**
 * In the primary: forks `processes` workers of this same script and supervises them until SIGTERM/SIGINT, which is
 * passed to every worker (each finishes its in-flight requests and closes its database, main.ts `stop`); the primary
 * exits once all have, with 0 when they all exited 0. A worker that dies before it is ready (bad configuration, the
 * database unreachable) stops the group with exit code 1: restarting it would only repeat the error. One that dies
 * while serving is replaced, so a crash costs that worker's in-flight requests, not capacity.
 */
export function superviseWorkers(processes: number, events: SupervisorEvents): void {
  const live = new Set<Worker>();
  const ready = new Set<Worker>();
  let stopping = false;
  let failed = false;

  const fork = (): Worker => {
    const worker = cluster.fork();
    live.add(worker);
    worker.on('message', (message: unknown) => {
      if (message !== WORKER_READY_MESSAGE) return;
      ready.add(worker);
      if (ready.size === processes && !stopping) events.ready([...ready].map((w) => w.process.pid ?? 0));
    });
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      const wasReady = ready.delete(worker);
      if (stopping) {
        if (code !== 0) failed = true;
      } else if (wasReady) {
        events.replaced(worker.process.pid ?? 0, code, signal);
        fork();
      } else {
        failed = true;
        stopAll(`a worker exited before it was ready (exit code ${code ?? signal})`);
      }
      if (stopping && live.size === 0) process.exit(failed ? 1 : 0);
    });
    return worker;
  };

  const stopAll = (reason: string): void => {
    if (stopping) return;
    stopping = true;
    events.stopping(reason);
    for (const worker of live) worker.process.kill('SIGTERM');
    if (live.size === 0) process.exit(failed ? 1 : 0);
  };

  for (let i = 0; i < processes; i++) fork();
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  process.on('SIGINT', () => stopAll('SIGINT'));
}

/** In a worker: tells the primary this process serves requests. A no-op in a single-process service. */
export function reportWorkerReady(): void {
  if (cluster.isWorker) process.send?.(WORKER_READY_MESSAGE);
}

export function isClusterPrimary(processes: number): boolean {
  return processes > 1 && cluster.isPrimary;
}
