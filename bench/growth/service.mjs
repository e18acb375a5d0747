// The identity service as the growth bench measures it: its own process (so its CPU time is its own), bundled like
// dist-server/main.js (scripts/build-server.mjs) and run without a TypeScript loader, in development mode (the dev
// inbox takes the magic links), on DATABASE_URL or on the embedded database in BENCH_DATA_DIR. Every request comes
// from one loopback address, so the per-IP limits are lifted (as bench/service-under-test.ts does); each send goes to
// an address of its own, so the per-address limits never bind.
//
// While asked to ('capture-start' … 'capture-stop'), it notes every statement its PostgreSQL connections run, with
// its parameters, so the bench can EXPLAIN exactly what a route ran.
import pg from 'pg';
import { startServer } from '../../src/server/listen.ts';
import { answerBench } from './child.mjs';

const LIFTED = 1_000_000;
const captured = [];
let capturing = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function captureQuery(config, ...rest) {
  if (capturing && typeof config === 'object' && config?.text)
    captured.push({ text: config.text, values: config.values ?? [] });
  return query.call(this, config, ...rest);
};

const server = await startServer({
  port: 0,
  hostname: '127.0.0.1',
  database: process.env.DATABASE_URL
    ? { kind: 'postgres', url: process.env.DATABASE_URL }
    : { kind: 'pglite', dataDir: String(process.env.BENCH_DATA_DIR) },
  ipRateLimits: { sends: LIFTED, authFailures: LIFTED, events: LIFTED, ssoStarts: LIFTED, ssoDiscoveries: LIFTED },
});
answerBench(server.url, (message) => {
  if (message.type === 'capture-start') {
    captured.length = 0;
    capturing = true;
    return { type: 'capturing' };
  }
  if (message.type === 'capture-stop') {
    capturing = false;
    return { type: 'captured', statements: captured.splice(0) };
  }
});
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
