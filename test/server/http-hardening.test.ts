// Response headers and connection handling: /sdk/v1 answers are never cached or sniffed, the service's own pages
// carry a strict CSP, and a 413 closes its keep-alive connection instead of leaving it broken.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import { MAX_BODY_BYTES } from '../../src/server/constants/input-limits.ts';
import { startServer, type RunningServer } from '../../src/server/listen.ts';
import { until } from '../support/poll.ts';
import { basicAuth, PAGE_ORIGIN, post, startTestService, uniqueEmail, type TestService } from './support.ts';

let t: TestService;

before(async () => {
  t = await startTestService({});
});

after(() => t.close());

function assertSdkHeaders(res: Response, what: string): void {
  assert.equal(res.headers.get('cache-control'), 'no-store', `Cache-Control of ${what}`);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff', `X-Content-Type-Options of ${what}`);
}

describe('/sdk/v1 response headers', () => {
  it('no-store and nosniff on a success, an error, a 404, a 413 and a CORS preflight', async () => {
    const success = await t.service.app.request(`/sdk/v1/projects/bootstrap/${DEFAULT_PUBLIC_TOKEN}`);
    assert.equal(success.status, 200);
    assertSdkHeaders(success, 'a success');

    const error = await post(t, '/magic_links/email/login_or_create', { email: 'not an address' });
    assert.equal(error.status, 400);
    assertSdkHeaders(error, 'an error');

    const missing = await t.service.app.request('/sdk/v1/no/such/route');
    assert.equal(missing.status, 404);
    assertSdkHeaders(missing, 'a 404');

    const tooLarge = await post(t, '/magic_links/email/login_or_create', undefined, {
      raw: 'x'.repeat(MAX_BODY_BYTES + 1),
    });
    assert.equal(tooLarge.status, 413);
    assertSdkHeaders(tooLarge, 'a 413');

    const preflight = await t.service.app.request('/sdk/v1/passwords', {
      method: 'OPTIONS',
      headers: { Origin: PAGE_ORIGIN, 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(preflight.status, 204);
    assertSdkHeaders(preflight, 'a preflight');

    const refusedOrigin = await post(
      t,
      '/passwords',
      { email: uniqueEmail() },
      { headers: { Origin: 'https://evil.example' } },
    );
    assert.equal(refusedOrigin.status, 403);
    assertSdkHeaders(refusedOrigin, 'a refused origin');
  });
});

/** The CSP's style hashes must be exactly the hashes of the page's <style> blocks, so the page renders as designed. */
function assertStrictPolicy(res: Response, html: string): void {
  const policy = res.headers.get('content-security-policy') ?? '';
  const directives = new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
  assert.deepEqual(directives.get('default-src'), ["'none'"]);
  assert.deepEqual(directives.get('frame-ancestors'), ["'none'"]);
  assert.deepEqual(directives.get('base-uri'), ["'none'"]);
  assert.equal(directives.has('script-src'), false, 'no script may run (default-src none)');
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '')
        .digest('base64')}'`,
  );
  assert.ok(styles.length > 0, 'the page has its style block');
  assert.deepEqual(directives.get('style-src'), styles);
  assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/);
  assert.doesNotMatch(html, /<script|style="/, 'no inline script or style attribute the policy would block');
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
}

describe('Content-Security-Policy of the pages the service renders', () => {
  it('the OAuth error page', async () => {
    const res = await t.service.app.request('/v1/public/oauth/google/callback?state=unknown');
    assert.equal(res.status, 400);
    assertStrictPolicy(res, await res.text());
  });

  it('the dev identity provider’s sign-in page, the dev inbox and the dev events page', async () => {
    const start = await t.service.app.request(`/v1/public/oauth/github/start?public_token=${DEFAULT_PUBLIC_TOKEN}`);
    assert.equal(start.status, 302);
    const signIn = await t.service.app.request(
      new URL(start.headers.get('location') ?? '').pathname + new URL(start.headers.get('location') ?? '').search,
    );
    assert.equal(signIn.status, 200);
    assertStrictPolicy(signIn, await signIn.text());
    for (const path of ['/dev/inbox', '/dev/events']) {
      const res = await t.service.app.request(path);
      assert.equal(res.status, 200, path);
      assertStrictPolicy(res, await res.text());
    }
  });
});

describe('413 over a real keep-alive socket', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer({ database: { kind: 'memory' }, requestLog: null });
  });
  after(() => server.close());

  /** `body` as one piece with its Content-Length, or as `pieces` written one after another without one (chunked). */
  function send(agent: http.Agent, method: string, path: string, body?: string, pieces?: string[]) {
    const url = new URL(path, server.url);
    return new Promise<{ status: number; connection: string | undefined; body: string; socketReused: boolean }>(
      (resolve, reject) => {
        const request = http.request(
          url,
          {
            method,
            agent,
            headers: {
              Authorization: basicAuth(),
              ...(body === undefined
                ? {}
                : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }),
              ...(pieces === undefined ? {} : { 'Content-Type': 'application/json' }),
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                connection: res.headers.connection,
                body: text,
                socketReused: request.reusedSocket,
              }),
            );
          },
        );
        request.on('error', reject);
        if (!pieces) return request.end(body);
        void (async () => {
          for (const piece of pieces) {
            request.write(piece);
            await new Promise((wait) => setTimeout(wait, 5));
          }
          request.end();
        })();
      },
    );
  }

  it('answers 413 JSON with Connection: close, and the next request on the same agent succeeds', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let round = 0; round < 3; round++) {
        const tooLarge = await send(
          agent,
          'POST',
          '/sdk/v1/magic_links/email/login_or_create',
          JSON.stringify({ email: 'x'.repeat(MAX_BODY_BYTES * 4) }),
        );
        assert.equal(tooLarge.status, 413);
        assert.equal(tooLarge.connection, 'close');
        const body = JSON.parse(tooLarge.body) as { error_type: string; error_message: string };
        assert.equal(body.error_type, 'payload_too_large');
        assert.equal(body.error_message, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);

        const next = await send(agent, 'GET', `/sdk/v1/projects/bootstrap/${DEFAULT_PUBLIC_TOKEN}`);
        assert.equal(next.status, 200);
        assert.equal(next.socketReused, false, 'the 413 connection was closed, so the next request opened a new one');
        // An ordinary answer keeps its connection: the one after it reuses the socket.
        const again = await send(agent, 'GET', `/sdk/v1/projects/bootstrap/${DEFAULT_PUBLIC_TOKEN}`);
        assert.equal(again.status, 200);
        assert.equal(again.socketReused, true);
      }
    } finally {
      agent.destroy();
    }
  });

  // The body is read from the Node request when its declared length is within the limit (middleware/body-limit.ts),
  // and through Hono's counting stream when it comes chunked: both must read every byte and keep the connection usable.
  it('reads declared-length and chunked bodies whole, one after another on one connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const path = '/sdk/v1/magic_links/email/login_or_create';
    const invalidEmail = { error_type: 'invalid_email', status_code: 400 };
    try {
      const declared = await send(agent, 'POST', path, JSON.stringify({ email: 'not an address' }));
      assert.deepEqual(pick(JSON.parse(declared.body)), invalidEmail, declared.body);
      const chunked = await send(agent, 'POST', path, undefined, ['{"email"', ': "not an', ' address"}']);
      assert.deepEqual(pick(JSON.parse(chunked.body)), invalidEmail, chunked.body);
      assert.equal(chunked.socketReused, true, 'the first body was read to its end, so its connection was reused');
      const withBom = await send(agent, 'POST', path, `\uFEFF${JSON.stringify({ email: 'not an address' })}`);
      assert.deepEqual(
        pick(JSON.parse(withBom.body)),
        invalidEmail,
        'a byte order mark is dropped, as Request.text() drops it',
      );
      const accepted = await send(agent, 'POST', path, JSON.stringify({ email: `chunks-${Date.now()}@example.com` }));
      assert.equal(accepted.status, 200, accepted.body);
      assert.equal(accepted.socketReused, true);
    } finally {
      agent.destroy();
    }
  });

  // Both ways a body arrives: with a declared length (read from the Node request) and chunked (through Hono's stream);
  // and the app served by a plain @hono/node-server fetch handler that does not pass the Node request on (as
  // bench/usable.mjs serves it).
  for (const framing of ['declared length', 'chunked', 'chunked, app.fetch without the Node request'] as const) {
    it(
      `a client that leaves in the middle of a ${framing} body: the request ends, and it ` +
        `is not logged as the service's error`,
      async () => {
        const logged: unknown[][] = [];
        const originalError = console.error;
        console.error = (...args: unknown[]) => {
          logged.push(args);
        };
        let plain: { server: ServerType; inFlight: number; service: TestService } | undefined;
        try {
          if (framing.includes('app.fetch')) {
            const service = await startTestService({});
            const app = service.service.app;
            const counted = { inFlight: 0 };
            const listening = await new Promise<ServerType>((resolve) => {
              const s = serve(
                {
                  fetch: async (request) => {
                    counted.inFlight += 1;
                    try {
                      return await app.fetch(request);
                    } finally {
                      counted.inFlight -= 1;
                    }
                  },
                  port: 0,
                  hostname: '127.0.0.1',
                },
                () => resolve(s),
              );
            });
            plain = Object.assign(counted, { server: listening, service });
          }
          const inFlight = () => plain?.inFlight ?? server.requestsInFlight;
          const base = plain ? `http://127.0.0.1:${(plain.server.address() as AddressInfo).port}` : server.url;
          const request = http.request(new URL('/sdk/v1/magic_links/email/login_or_create', base), {
            method: 'POST',
            headers: {
              Authorization: basicAuth(),
              'Content-Type': 'application/json',
              ...(framing === 'declared length' ? { 'Content-Length': '100' } : { 'Transfer-Encoding': 'chunked' }),
            },
          });
          request.on('error', () => {});
          request.write('{"email":');
          await until(() => inFlight() === 1, 'the handler is reading the body');
          request.destroy();
          await until(() => inFlight() === 0, 'the body read failed and the request ended');
        } finally {
          console.error = originalError;
          if (plain) {
            await new Promise((resolve) => plain!.server.close(resolve));
            await plain.service.close();
          }
        }
        assert.deepEqual(logged, [], 'a client going away is not an unexpected error of the service');
      },
    );
  }

  it('a chunked body over the limit → 413 payload_too_large while it streams', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const piece = 'x'.repeat(1024);
      const pieces = [
        '{"email":"',
        ...Array.from({ length: Math.ceil(MAX_BODY_BYTES / piece.length) + 1 }, () => piece),
        '"}',
      ];
      const tooLarge = await send(agent, 'POST', '/sdk/v1/magic_links/email/login_or_create', undefined, pieces);
      assert.equal(tooLarge.status, 413);
      assert.equal((JSON.parse(tooLarge.body) as { error_type: string }).error_type, 'payload_too_large');
    } finally {
      agent.destroy();
    }
  });
});

function pick(body: { error_type?: string; status_code?: number }): { error_type?: string; status_code?: number } {
  return { error_type: body.error_type, status_code: body.status_code };
}
