import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { SDK_BASE_PATH } from '../../api/telemetry.ts';
import type { ServiceMode } from '../config.ts';
import type { AppEnv } from '../context.ts';
import { staticCacheControl } from '../http/cache-policy.ts';
import { chooseEncoding, compressed } from '../http/static-compression.ts';
import { etagOf, StaticFileCache, type StaticFile } from '../http/static-files.ts';
import { fileInside } from '../security/static-paths.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

interface StaticOptions {
  siteDir?: string;
  distDir?: string;
  /** Production trusts cached files for the process's life; development notices edits and rebuilds at once. */
  mode?: ServiceMode;
}

/**
 * The built bundles (`distDir`, at the root: /auth-login.js, /chunks/*.js, ...) and the demo site (`siteDir`, with
 * clean URLs: / → index.html, /student-portal → student-portal.html), with the site's few vendor files
 * (/vendor/jspdf.umd.min.js, see VENDOR_FILES). Anything else gets the site's 404 page with
 * status 404. Mounted last, so API routes always win; /sdk/v1 paths never fall through to a page.
 */
export function staticRoutes(options: StaticOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const cache = new StaticFileCache(options.mode !== 'production');
  routes.get('*', async (c) => {
    const urlPath = new URL(c.req.url).pathname;
    if (urlPath === SDK_BASE_PATH || urlPath.startsWith(`${SDK_BASE_PATH}/`)) return c.notFound();
    // Only plain files are remembered by URL path (never a strict-CSP page), so a hit skips resolving it again.
    const hit = cache.lookup(urlPath);
    if (hit) return sendCached(c, cache, hit, 200, staticCacheControl(hit.file, options.distDir));
    const file = await findFile(options, urlPath);
    if (file && isStrictCspPage(options, urlPath, file)) return sendStrictCspPage(c, file);
    if (file) return sendFile(c, cache, urlPath, file, 200, staticCacheControl(file, options.distDir));
    const notFoundPage = options.siteDir ? await fileInside(options.siteDir, '/404.html') : null;
    if (notFoundPage) return sendFile(c, cache, null, notFoundPage, 404, staticCacheControl(notFoundPage, undefined));
    return c.text('Not found', 404);
  });
  return routes;
}

async function findFile(options: StaticOptions, urlPath: string): Promise<string | null> {
  if (options.distDir) {
    const bundle = await fileInside(options.distDir, urlPath);
    if (bundle) return bundle;
  }
  if (!options.siteDir) return null;
  const vendor = vendorFile(urlPath);
  if (vendor) return vendor;
  if (urlPath.endsWith('/')) return fileInside(options.siteDir, `${urlPath}index.html`);
  return (
    (await fileInside(options.siteDir, urlPath)) ??
    (path.extname(urlPath) === '' ? await fileInside(options.siteDir, `${urlPath}.html`) : null) ??
    organizationPage(options.siteDir, urlPath)
  );
}

/**
 * The site's pages that also answer at each organization's address under them (`/corporate-training/<slug>`, the
 * demo's organization URL template): the same page, whose organization sign-in finds the slug in its URL.
 */
const ORGANIZATION_PAGES: readonly string[] = ['/corporate-training'];

function organizationPage(siteDir: string, urlPath: string): Promise<string | null> | null {
  const parent = urlPath.slice(0, urlPath.lastIndexOf('/'));
  if (!ORGANIZATION_PAGES.includes(parent) || urlPath.length === parent.length + 1) return null;
  return fileInside(siteDir, `${parent}.html`);
}

/**
 * Browser builds of the demo site's libraries, served from node_modules at fixed paths (the site has no build step).
 * Only these exact paths map into node_modules; nothing else there is reachable.
 */
const VENDOR_FILES = new Map<string, string>([
  ['/vendor/jspdf.umd.min.js', 'jspdf/dist/jspdf.umd.min.js'],
  ['/vendor/jspdf.umd.min.js.map', 'jspdf/dist/jspdf.umd.min.js.map'],
]);
const requireFromHere = createRequire(import.meta.url);

function vendorFile(urlPath: string): string | null {
  const specifier = VENDOR_FILES.get(urlPath);
  if (!specifier) return null;
  try {
    return requireFromHere.resolve(specifier);
  } catch {
    return null;
  }
}

/** From memory when the file is small enough to keep (static-files.ts); bigger ones from disk on every request. */
async function sendFile(
  c: Context<AppEnv>,
  cache: StaticFileCache,
  urlPath: string | null,
  file: string,
  status: 200 | 404,
  cacheControl: string,
): Promise<Response> {
  const entry = await cache.load(urlPath, file);
  if (entry) return sendCached(c, cache, entry, status, cacheControl);
  const stat = await fs.stat(file);
  const etag = etagOf(stat);
  const { headers, encoding } = fileHeaders(c, file, stat.size, etag, cacheControl);
  if (status === 200 && c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
  const read = async () => new Uint8Array(await fs.readFile(file));
  if (!encoding) return c.body(await read(), status, headers);
  return c.body(await compressed(`${file}\n${etag}`, encoding, read), status, headers);
}

async function sendCached(
  c: Context<AppEnv>,
  cache: StaticFileCache,
  entry: StaticFile,
  status: 200 | 404,
  cacheControl: string,
): Promise<Response> {
  const { headers, encoding } = fileHeaders(c, entry.file, entry.size, entry.etag, cacheControl);
  if (status === 200 && c.req.header('If-None-Match') === entry.etag) return c.body(null, 304, headers);
  if (!encoding) return c.body(entry.bytes, status, headers);
  return c.body(await cache.encoded(entry, encoding), status, headers);
}

/** The headers of a file's answer, and the encoding its body goes out in (also named in the headers). */
function fileHeaders(c: Context<AppEnv>, file: string, size: number, etag: string, cacheControl: string) {
  const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    // Content-hashed chunks for a year; entries and pages revalidated by ETag (http/cache-policy.ts).
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
    ETag: etag,
    Vary: 'Accept-Encoding',
  };
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'), contentType, size);
  if (encoding) headers['Content-Encoding'] = encoding;
  return { headers, encoding };
}

// ---- The demo pages that run under a strict Content Security Policy ----

/** The site's folder whose pages are served with a strict CSP (`/csp/student-portal`). */
export const STRICT_CSP_PATH_PREFIX = '/csp/';
/** Written in those pages wherever a nonce goes (script and stylesheet tags, `<auth-login nonce>`). */
export const CSP_NONCE_PLACEHOLDER = '{{csp-nonce}}';
/** 128 bits, as CSP3 recommends at least. */
const CSP_NONCE_BYTES = 16;

/**
 * The policy: only scripts carrying this response's nonce, and what they load (`'strict-dynamic'`: the widget's
 * module imports and lazy chunks); only `<style>`/stylesheets carrying the nonce (the widget's Emotion styles get it
 * from `<auth-login nonce>`). No `unsafe-inline` anywhere; `object-src`/`base-uri` close the usual bypasses.
 */
export function strictCsp(nonce: string): string {
  return `script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'nonce-${nonce}'; object-src 'none'; base-uri 'none'`;
}

function isStrictCspPage(options: { siteDir?: string }, urlPath: string, file: string): boolean {
  return Boolean(options.siteDir) && urlPath.startsWith(STRICT_CSP_PATH_PREFIX) && path.extname(file) === '.html';
}

/**
 * A strict-CSP page with a fresh nonce in every placeholder and in the header. Never cached or compressed from cache:
 * a nonce used twice is one an attacker could learn and reuse.
 */
async function sendStrictCspPage(c: Context<AppEnv>, file: string): Promise<Response> {
  const nonce = randomBytes(CSP_NONCE_BYTES).toString('base64');
  const html = (await fs.readFile(file, 'utf8')).replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
  return c.body(html, 200, {
    'Content-Type': CONTENT_TYPES['.html']!,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': strictCsp(nonce),
  });
}
