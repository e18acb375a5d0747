/// <reference types="mocha" />
// Helpers for the headless-client browser tests: a clean page between tests, a fetch recorder that still calls the
// real service, a fake clock, and a sign-in through the real magic-link flow.
import { createAuthClient, type AuthClient, type AuthClientOptions } from '../../src/client/index.ts';
import type { Clock } from '../../src/client/clock.ts';
import { latestMagicLinkToken, testEnv, uniqueEmail } from './env.ts';

/**
 * A port nothing listens on: above Linux's ephemeral range (32768–60999), so no `listen(0)` in this process can take
 * it, and not on Chromium's blocked-port list, so the browser really tries to connect.
 */
export const CLOSED_PORT_URL = 'http://localhost:65535';

/** Deletes every cookie this page can see and empties localStorage. */
export function resetBrowserState(): void {
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; expires=${new Date(0).toUTCString()}`;
  }
  localStorage.clear();
}

const clients: AuthClient[] = [];

/** A client for the in-process service; destroyed by `destroyClients()` after each test. */
export function makeClient(options: Partial<AuthClientOptions> = {}): AuthClient {
  const client = createAuthClient({ publicToken: testEnv.publicToken, baseUrl: testEnv.baseUrl, ...options });
  clients.push(client);
  return client;
}

export function destroyClients(): void {
  for (const c of clients.splice(0)) c.destroy();
}

export interface RecordedRequest {
  url: string;
  path: string;
  method: string;
  headers: Headers;
  body: string | null;
  credentials: RequestCredentials;
  keepalive: boolean;
  /** Settles once the service's answer (or a network failure) has reached the page: what a test waits for before it
   * asserts that the page did nothing more in reaction. */
  answered: Promise<void>;
}

export interface FetchRecorder {
  requests: RecordedRequest[];
  to(pathSuffix: string): RecordedRequest[];
  restore(): void;
}

/** Wraps window.fetch to record each outgoing request, then lets the real fetch send it. */
export function recordFetch(): FetchRecorder {
  const original = window.fetch;
  const requests: RecordedRequest[] = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const response = original.call(window, input, init);
    requests.push({
      url: req.url,
      path: new URL(req.url).pathname,
      method: req.method,
      headers: req.headers,
      body: typeof init?.body === 'string' ? init.body : null,
      credentials: req.credentials,
      keepalive: req.keepalive,
      answered: response.then(
        () => undefined,
        () => undefined,
      ),
    });
    return response;
  };
  return {
    requests,
    to: (suffix) => requests.filter((r) => r.path.endsWith(suffix)),
    restore: () => {
      window.fetch = original;
    },
  };
}

/** Signs in through the real service: send the link, read the token from the dev inbox, authenticate. */
export async function signIn(client: AuthClient, email = uniqueEmail()) {
  await client.magicLinks.email.loginOrCreate(email);
  const token = await latestMagicLinkToken(email);
  const response = await client.magicLinks.authenticate(token, { session_duration_minutes: 30 });
  return { email, response };
}

export interface FakeTimer {
  ms: number;
  callback: () => void;
  cleared: boolean;
  fired: boolean;
}

export interface FakeClock extends Clock {
  timers: FakeTimer[];
  pending(): FakeTimer[];
  /** Fires the only pending timer (fails when there is not exactly one). */
  fireNext(): void;
}

export function fakeClock(random = 0.5): FakeClock {
  const timers: FakeTimer[] = [];
  const pending = () => timers.filter((t) => !t.cleared && !t.fired);
  return {
    timers,
    pending,
    setTimeout(callback, ms) {
      const timer = { ms, callback, cleared: false, fired: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout(handle) {
      (handle as FakeTimer).cleared = true;
    },
    random: () => random,
    fireNext() {
      const open = pending();
      if (open.length !== 1) throw new Error(`expected exactly one pending timer, found ${open.length}`);
      const timer = open[0]!;
      timer.fired = true;
      timer.callback();
    },
  };
}

export function readCookieValue(name: string): string | null {
  const hit = document.cookie.split('; ').find((p) => p.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

/**
 * A client whose service is unreachable. Its bootstrap fetch fails and logs an error by design; that expected log is
 * kept out of the test output (the bootstrap tests assert it separately). Call `done()` to restore and destroy.
 */
export function unreachableClient(publicToken = testEnv.publicToken): { client: AuthClient; done(): Promise<void> } {
  const original = console.error;
  console.error = () => undefined;
  const client = createAuthClient({ publicToken, baseUrl: CLOSED_PORT_URL });
  return {
    client,
    async done() {
      await client.bootstrap.get();
      console.error = original;
      client.destroy();
    },
  };
}

/**
 * Signed-out browser with fetch recorded before each test of the `describe` it is called in; `cleanUp` runs after
 * each. `rec` is the current test's recorder.
 */
export function freshRecordedState(name: string, cleanUp: () => void): { readonly rec: FetchRecorder } {
  const state: { rec?: FetchRecorder } = {};
  beforeEach(() => {
    resetBrowserState();
    state.rec = recordFetch();
  });
  afterEach(() => {
    state.rec?.restore();
    cleanUp();
  });
  return {
    get rec() {
      if (!state.rec) throw new Error(`${name}: no test is running`);
      return state.rec;
    },
  };
}

/** Every client test starts from a signed-out browser with fetch recorded, and ends with its clients destroyed. */
export function freshClientState(): { readonly rec: FetchRecorder } {
  return freshRecordedState('freshClientState', destroyClients);
}

interface CookieStoreEntry {
  name: string;
  value: string;
  expires: number | null;
}
/** Chromium's Cookie Store API: unlike document.cookie, it tells a cookie's expiry. */
export const cookieStore = (
  window as unknown as { cookieStore: { get(name: string): Promise<CookieStoreEntry | null> } }
).cookieStore;

/** Records the first argument of each console.warn or console.error call instead of printing it, until `restore()`. */
export function captureConsole(method: 'warn' | 'error'): { messages: string[]; restore(): void } {
  const original = console[method];
  const messages: string[] = [];
  console[method] = (...args: unknown[]) => void messages.push(String(args[0]));
  return {
    messages,
    restore: () => {
      console[method] = original;
    },
  };
}
