// The growth bench's load generator: node:http with keep-alive sockets, a fixed number of requests in flight, each
// request's latency taken from its write to its response's end. Cheaper per request than fetch (no web streams), and
// the same for every server it drives, so the ratios between servers hold on a machine without wrk.
import http from 'node:http';

/**
 * Sends `requests` requests, `concurrency` at a time; `request(i)` gives the i-th one ({ method, path, headers,
 * body }). Resolves to req/s, p50 and p99 in ms, and the count of answers outside 2xx.
 */
export async function runLoad(baseUrl, { requests, concurrency, request }) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let failures = 0;
  let firstFailure = '';
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const { method, path, headers = {}, body } = request(next++);
        const t0 = performance.now();
        const { status, text } = await send(agent, { hostname, port, method, path, headers, body });
        latencies.push(performance.now() - t0);
        if (status < 200 || status > 299) {
          failures++;
          firstFailure ||= `${status} ${text.slice(0, 300)}`;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { requests, rps: requests / seconds, p50: pct(50), p99: pct(99), failures, firstFailure };
}

/** One request and its whole answer. */
export function send(agent, { hostname, port, method, path, headers, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        hostname,
        port,
        method,
        path,
        headers: body === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
