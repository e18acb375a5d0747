// The consumer client (src/client) given the B2B project's public token, through the real client against the real
// service listening on a port: the bootstrap says B2B, and the client logs the spec's error.
import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { B2B_TOKEN_MESSAGE } from '../../src/client/bootstrap.ts';
import { createAuthClient } from '../../src/client/index.ts';
import { DEFAULT_B2B_PUBLIC_TOKEN } from '../../src/server/constants/project.ts';
import { startServer, type RunningServer } from '../../src/server/listen.ts';

/** The little of a browser page the client reads: where it is, its storage, cookies and window events. */
function browserPage(): () => void {
  const stored = new Map<string, string>();
  const globals: Record<string, unknown> = {
    location: new URL('http://127.0.0.1/portal'),
    window: new EventTarget(),
    document: Object.assign(new EventTarget(), { cookie: '', visibilityState: 'visible' }),
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, String(value)),
      removeItem: (key: string) => void stored.delete(key),
    },
  };
  const previous = Object.fromEntries(Object.keys(globals).map((name) => [name, Reflect.get(globalThis, name)]));
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
    }
  };
}

let server: RunningServer;
let leavePage: () => void;
before(async () => {
  server = await startServer({ port: 0, hostname: '127.0.0.1', database: { kind: 'memory' } });
  leavePage = browserPage();
});
after(async () => {
  leavePage();
  await server.close();
});

it('logs B2B_TOKEN_MESSAGE when created with the B2B public token', async () => {
  const logged: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    const client = createAuthClient({ publicToken: DEFAULT_B2B_PUBLIC_TOKEN, baseUrl: server.url });
    const data = await client.bootstrap.get();
    assert.equal(data.vertical, 'B2B');
    assert.deepEqual(logged, [[B2B_TOKEN_MESSAGE]]);
  } finally {
    console.error = original;
  }
});
