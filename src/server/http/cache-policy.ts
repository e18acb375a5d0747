// How long a browser may keep a static file. Rollup names every lazy chunk (and its source map) after its
// content (rollup.config.mjs chunkFileNames: `chunks/<name>-<hash>.js`), so a changed chunk is a new URL: the old
// one can be kept forever without revalidating. The entries (auth-login.js, auth-login.iife.js, client.js) and the
// pages keep their names across builds, so they must be revalidated (cheaply, by ETag) on every use.
import path from 'node:path';

/** A year (the most RFC 9111 caches honour) and `immutable`: no revalidation even on reload. */
export const HASHED_FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Kept, but revalidated with `If-None-Match` before every use (a 304 when unchanged). */
export const REVALIDATED_FILE_CACHE_CONTROL = 'no-cache';
/** The bundle folder rollup writes the content-hashed chunks into (and nothing else). */
export const HASHED_CHUNKS_FOLDER = 'chunks';
/** Rollup's default `[hash]`: 8 base64url characters, after the chunk's name and a dash. */
const ROLLUP_HASHED_NAME = /-[A-Za-z0-9_-]{8}\.js(?:\.map)?$/;

/** The Cache-Control for `file`, served from the bundle folder `distDir` (undefined for site files). */
export function staticCacheControl(file: string, distDir: string | undefined): string {
  if (!distDir) return REVALIDATED_FILE_CACHE_CONTROL;
  const relative = path.relative(path.resolve(distDir), path.resolve(file)).split(path.sep);
  const hashed = relative.length === 2 && relative[0] === HASHED_CHUNKS_FOLDER && ROLLUP_HASHED_NAME.test(relative[1]!);
  return hashed ? HASHED_FILE_CACHE_CONTROL : REVALIDATED_FILE_CACHE_CONTROL;
}
