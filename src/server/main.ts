// `npm start` / `npm run serve`: the demo site, the built bundles and the identity service on one origin.
//   PORT (default 8787; 0 picks a free port), HOST (default localhost), DATA_DIR (default .data),
//   DATABASE_URL (use a PostgreSQL server instead of the embedded database), PUBLIC_TOKEN,
//   ALLOWED_ORIGINS and REDIRECT_URLS (comma-separated, added to the server's own origin and pages),
//   OAUTH_<PROVIDER>_CLIENT_ID / _CLIENT_SECRET / _ISSUER (a real social provider, e.g. OAUTH_GOOGLE_CLIENT_ID),
//   GOOGLE_ONE_TAP_CLIENT_ID and PUBLIC_URL (the origin providers redirect back to, behind a proxy): env-options.ts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DATA_DIR, DEFAULT_HOST, DEFAULT_PORT } from './constants.ts';
import type { DatabaseOptions } from './db/db.ts';
import { oauthOptionsFromEnv } from './env-options.ts';
import { startServer } from './listen.ts';
import { DEV_INBOX_PATH } from './dev/inbox-routes.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;

function list(value: string | undefined): string[] {
  return (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65_535) throw new Error(`PORT must be 0..65535, got ${value}`);
  return parsed;
}

const database: DatabaseOptions = env['DATABASE_URL']
  ? { kind: 'postgres', url: env['DATABASE_URL'] }
  : { kind: 'pglite', dataDir: path.resolve(repoRoot, env['DATA_DIR'] || DEFAULT_DATA_DIR) };

const server = await startServer({
  port: port(env['PORT']),
  hostname: env['HOST'] || DEFAULT_HOST,
  database,
  ...(env['PUBLIC_TOKEN'] ? { publicToken: env['PUBLIC_TOKEN'] } : {}),
  allowedOrigins: list(env['ALLOWED_ORIGINS']),
  redirectUrls: list(env['REDIRECT_URLS']),
  ...oauthOptionsFromEnv(env),
  siteDir: path.join(repoRoot, 'demo-site'),
  distDir: path.join(repoRoot, 'dist'),
});

console.log(`Westlight University demo and identity service: ${server.url}`);
console.log(`Dev inbox (every email the service sends): ${server.url}${DEV_INBOX_PATH}`);
console.log(`Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${database.dataDir}`}`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  try {
    await server.close();
    process.exit(0);
  } catch (error) {
    console.error('Could not close cleanly', error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
