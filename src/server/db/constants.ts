// The database: the embedded PGlite's settings and the migration lock.

/**
 * PGlite's buffer pool, inside its wasm memory and touched in full at start: PostgreSQL's default 128 MB made it the
 * largest single part of the service's resident memory. Its data is in memory or the OS page cache anyway,
 * so a miss costs a copy from there, not a disk seek. bench/throughput.ts shows the memory and throughput it gives.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
/**
 * Where a freshly initialised PGlite cluster is cached (under node_modules/.cache like other tools' caches):
 * initdb takes about 5 s, loading the cached copy about 0.5 s, which keeps every in-memory test service fast.
 */
export const PGLITE_TEMPLATE_CACHE_SUBDIR = 'node_modules/.cache/auth-login';
/** Any constant key works; it only has to be the same for every process that migrates the same database. */
export const MIGRATION_ADVISORY_LOCK_KEY = 7_243_501;
/**
 * How long a migration waits for one table lock before it gives up and starts again. A rolling upgrade migrates
 * under the previous release's traffic: a migration holding one table's lock while waiting for another's can close a
 * cycle with a request's transaction, and PostgreSQL's deadlock check (after deadlock_timeout, 1 s by default) aborts
 * whichever waited longest, often the request. Giving up well before that second makes the migration the one that
 * yields: it rolls back, releases its locks, and the request goes on.
 */
export const MIGRATION_LOCK_TIMEOUT_MS = 200;
/** Attempts before a migration that keeps losing its locks stops the start (with the last error). */
export const MIGRATION_ATTEMPTS = 20;
/** The wait before attempt n+1 is n times this: the requests in the way finish in milliseconds. */
export const MIGRATION_RETRY_BACKOFF_MS = 100;
