// A PGlite data folder keeps the signing key and the users across restarts; the second start is the listening
// server, checked over real HTTP (its own origin in the CORS allowlist, its own portal as the default redirect).
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createService, DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import { startServer } from '../../src/server/listen.ts';
import { JWKS_PATH } from '../../src/api/paths.ts';
import { basicAuth } from './support.ts';
import { EXTRACTING_MARKER } from '../../src/server/db/pglite.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-data-'));
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function kids(response: Response | Promise<Response>): Promise<string[]> {
  return ((await (await response).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
}

describe('a PGlite data folder across a restart, then served by startServer', () => {
  it(
    'keeps the signing key and the users; the server allows its own origin and redirects to ' + 'its own portal',
    async () => {
      const first = await createService({
        database: { kind: 'pglite', dataDir },
        redirectUrls: ['http://localhost:1/student-portal'],
      });
      const firstKids = await kids(first.app.request(JWKS_PATH));
      assert.equal(firstKids.length, 1);
      const sent = await first.app.request('/sdk/v1/magic_links/email/login_or_create', {
        method: 'POST',
        headers: { Authorization: basicAuth(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'persist@example.com' }),
      });
      const { user_id: userId } = ((await sent.json()) as { data: { user_id: string } }).data;
      await first.close();

      const server = await startServer({ port: 0, database: { kind: 'pglite', dataDir } });
      try {
        assert.deepEqual(
          await kids(fetch(`${server.url}${JWKS_PATH}`)),
          firstKids,
          'the same signing key after a restart',
        );
        const [row] = await server.service.db.query<{ user_id: string }>(
          'select user_id from user_emails where email = $1',
          ['persist@example.com'],
        );
        assert.equal(row?.user_id, userId, 'the same user after a restart');
        const migrations = await server.service.db.query<{ version: string }>('select version from schema_migrations');
        const files = fs
          .readdirSync(new URL('../../src/server/db/migrations/', import.meta.url))
          .filter((f) => f.endsWith('.sql'))
          .sort();
        assert.ok(files.includes('002_otps.sql'));
        assert.deepEqual(migrations.map((m) => m.version).sort(), files, 'migrations are applied once');

        assert.match(server.url, /^http:\/\/localhost:\d+$/);
        assert.equal(server.service.config.publicToken, DEFAULT_PUBLIC_TOKEN);
        const port = new URL(server.url).port;
        const preflight = await fetch(`${server.url}/sdk/v1/magic_links/email/login_or_create`, {
          method: 'OPTIONS',
          headers: { Origin: `http://127.0.0.1:${port}`, 'Access-Control-Request-Method': 'POST' },
        });
        assert.equal(preflight.status, 204);
        assert.equal(preflight.headers.get('access-control-allow-origin'), `http://127.0.0.1:${port}`);
        const res = await fetch(`${server.url}/sdk/v1/magic_links/email/login_or_create`, {
          method: 'POST',
          headers: { Authorization: basicAuth(), 'Content-Type': 'application/json', Origin: server.url },
          body: JSON.stringify({ email: 'persist@example.com' }),
        });
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('access-control-allow-origin'), server.url);
        assert.equal(((await res.json()) as { data: { user_id: string } }).data.user_id, userId);
        const inbox = (await (await fetch(`${server.url}/dev/inbox.json?to=persist@example.com`)).json()) as {
          messages: { links: string[] }[];
        };
        assert.equal(inbox.messages.length, 2, 'the first message survived the restart too');
        assert.ok(
          inbox.messages[0]?.links[0]?.startsWith(`${server.url}/student-portal?`),
          'the default redirect is the own portal',
        );
      } finally {
        await server.close();
      }
    },
  );
});

describe('a data folder whose first start died while it was being written', () => {
  it('is emptied and written again from the cached cluster, not opened as half a cluster', async () => {
    const halfWritten = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-half-'));
    try {
      // What a process killed in the middle of writing the folder leaves: the marker, and some of the files.
      fs.writeFileSync(path.join(halfWritten, EXTRACTING_MARKER), '');
      fs.writeFileSync(path.join(halfWritten, 'PG_VERSION'), '');
      fs.mkdirSync(path.join(halfWritten, 'global'));
      fs.writeFileSync(path.join(halfWritten, 'global', 'pg_control'), 'cut short');
      const service = await createService({ database: { kind: 'pglite', dataDir: halfWritten } });
      try {
        const migrations = await service.db.query<{ version: string }>('select version from schema_migrations');
        assert.ok(migrations.length > 0, 'a whole cluster, migrated');
        assert.equal(
          fs.existsSync(path.join(halfWritten, EXTRACTING_MARKER)),
          false,
          'the marker goes once the folder is whole',
        );
        assert.notEqual(fs.readFileSync(path.join(halfWritten, 'PG_VERSION'), 'utf8').trim(), '');
      } finally {
        await service.close();
      }
    } finally {
      fs.rmSync(halfWritten, { recursive: true, force: true });
    }
  });
});
