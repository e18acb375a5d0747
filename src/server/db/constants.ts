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
