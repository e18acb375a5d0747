// How the service is run: the command-line defaults (main.ts), and what operations in production mode rely on.

/** Free on most machines and the README's documented address. */
export const DEFAULT_PORT = 8787;
/** Listen on the loopback interface only: a dev service should not be reachable from the network by default. */
export const DEFAULT_HOST = 'localhost';
/** Inside the repository and git-ignored, so `npm start` keeps users between runs. */
export const DEFAULT_DATA_DIR = '.data';
/** Hosts `npm start` (development mode) may listen on: anything else would expose the dev tools to a network. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '::1'];

// Operations (production mode).

/**
 * How long a shutdown waits for in-flight requests before closing their connections anyway: longer than any request
 * takes (a password hash is well under a second), shorter than the 30 s a container orchestrator waits before SIGKILL.
 */
export const SHUTDOWN_GRACE_MS = 10_000;
/** Load balancers probe these; outside /sdk/v1 and /v1 so no CORS, auth or body rules apply to them. */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
/** Most load balancers allow one hop per proxy; more than this is a configuration mistake, not a real deployment. */
export const MAX_TRUST_PROXY = 10;
/**
 * SERVICE_PROCESSES above this is a typo, not a machine: one process per core is the useful most, and every process
 * holds its own PostgreSQL connection pool.
 */
export const MAX_SERVICE_PROCESSES = 64;
/**
 * Development only: the process that answered, on /healthz, so the multi-process tests can see that every worker
 * serves requests. Never sent in production (it would tell the network how the deployment is laid out).
 */
export const SERVICE_PROCESS_HEADER = 'X-Service-Process';
