// Request throughput of the identity service over loopback: the real server (in-memory PGlite), a bounded number of
// requests per scenario at a fixed concurrency. Prints requests per second and latency percentiles; it measures,
// it does not judge (wall-clock figures depend on the machine, so no test asserts them).
import { startServer } from '../src/server/listen.ts';
import { SDK_BASE_PATH } from '../src/api/telemetry.ts';
import { PATHS } from '../src/api/paths.ts';

const REQUESTS_PER_SCENARIO = 2000;
const CONCURRENCY = 16;

// Every request comes from one loopback address: the per-IP limits (production defaults) would turn the send scenario
// into a measurement of 429s, so they are lifted here; the per-address limits still apply (each send has its own).
const server = await startServer({
  port: 0,
  database: { kind: 'memory' },
  ipRateLimits: { sends: 1_000_000, authFailures: 1_000_000, events: 1_000_000 },
});
const { publicToken } = server.service.config;
const api = (path: string) => `${server.url}${SDK_BASE_PATH}${path}`;
const basic = (secret: string) => `Basic ${Buffer.from(`${publicToken}:${secret}`).toString('base64')}`;
const json = (secret: string) => ({ Authorization: basic(secret), 'Content-Type': 'application/json' });

async function signIn(email: string): Promise<string> {
  await fetch(api(PATHS.magicLinksEmailLoginOrCreate), { method: 'POST', headers: json(publicToken), body: JSON.stringify({ email }) });
  const inbox = (await (await fetch(`${server.url}/dev/inbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { links: string[] }[] };
  const link = inbox.messages[0]?.links.find((l) => l.includes('token='));
  const token = new URL(link!).searchParams.get('token');
  const res = await fetch(api(PATHS.magicLinksAuthenticate), {
    method: 'POST',
    headers: json(publicToken),
    body: JSON.stringify({ token, session_duration_minutes: 60 }),
  });
  return ((await res.json()) as { data: { session_token: string } }).data.session_token;
}

interface Scenario {
  name: string;
  request: (i: number) => Promise<Response>;
}

async function run({ name, request }: Scenario): Promise<void> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS_PER_SCENARIO) {
        const i = next++;
        const t0 = performance.now();
        const res = await request(i);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!res.ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
  console.log(
    `${name.padEnd(42)} ${(REQUESTS_PER_SCENARIO / seconds).toFixed(0).padStart(7)} req/s   p50 ${pct(50).padStart(6)} ms   p99 ${pct(99).padStart(6)} ms   non-2xx ${failures}`,
  );
}

const sessionToken = await signIn('bench@example.com');
console.log(`throughput: ${REQUESTS_PER_SCENARIO} requests per scenario, concurrency ${CONCURRENCY}, ${server.url}`);
await run({ name: 'GET bootstrap', request: () => fetch(api(PATHS.bootstrap(publicToken))) });
await run({
  name: 'POST sessions/authenticate (DB + ES256 JWT)',
  request: () => fetch(api(PATHS.sessionsAuthenticate), { method: 'POST', headers: json(sessionToken), body: '{}' }),
});
await run({
  name: 'GET users/me',
  request: () => fetch(api(PATHS.usersMe), { headers: json(sessionToken) }),
});
await run({
  name: 'POST magic_links/email/login_or_create',
  request: (i) =>
    fetch(api(PATHS.magicLinksEmailLoginOrCreate), {
      method: 'POST',
      headers: json(publicToken),
      body: JSON.stringify({ email: `bench-${i}@example.com` }),
    }),
});
await server.close();
