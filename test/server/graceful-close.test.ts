// Shutting down (SIGTERM → RunningServer.close): a request whose client has already gone away has no connection for
// the server to wait on, but its handler is still running and still needs the database. The database must close
// after that handler finishes, so what it was doing completes (or fails) on its own terms, never on a closed pool.
// PGlite's own close waits for statements already queued; PostgreSQL's pool refuses them once ended, which is where
// this test failed before close() waited for handlers (npm test's PostgreSQL stage).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { PATHS } from '../../src/api/paths.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import { startServer } from '../../src/server/listen.ts';
import { until } from '../support/poll.ts';
import { freshDatabase } from './test-database.ts';
import { uniqueEmail } from './support.ts';

describe('close() with a request whose client went away', () => {
  it('waits for the handler, which finishes with the database still open', async () => {
    const database = await freshDatabase();
    const logged: { path: string; status: number }[] = [];
    const server = await startServer({
      database: database.options,
      requestLog: (line) => logged.push(JSON.parse(line)),
    });
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      // The handler's first statement waits behind this transaction, so it is mid-request when the client leaves.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      const transaction = server.service.db.transaction(async (tx) => {
        await tx.query('select 1');
        held();
        await gate;
      });
      await holding;

      const path = `${SDK_BASE_PATH}${PATHS.magicLinksEmailLoginOrCreate}`;
      const body = JSON.stringify({ email: uniqueEmail() });
      const request = http.request(new URL(path, server.url), {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${DEFAULT_PUBLIC_TOKEN}:${DEFAULT_PUBLIC_TOKEN}`).toString('base64')}`,
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
        },
      });
      const gone = new Promise<void>((resolve) => request.on('close', resolve));
      request.on('error', () => {});
      request.end(body);
      await until(() => server.requestsInFlight === 1, 'the request reached its handler');
      request.destroy();
      await gone;

      const closing = server.close();
      release();
      await transaction;
      await closing;

      assert.equal(server.requestsInFlight, 0);
      const entry = logged.find((line) => line.path === path);
      assert.ok(entry, 'the request finished and was logged');
      assert.equal(entry.status, 200, 'the send completed with the database open');
      assert.deepEqual(errors, [], 'nothing failed on a closed database');
    } finally {
      console.error = consoleError;
      await database.drop();
    }
  });
});
