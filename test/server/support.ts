// Shared helpers for the service tests: an in-process service (in-memory PGlite, or a fresh database on the
// PostgreSQL server named by TEST_DATABASE_URL: test-database.ts), a movable clock, and small request helpers that
// speak the wire contract.
import assert from 'node:assert/strict';
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createService, DEFAULT_PUBLIC_TOKEN, type Service, type ServiceOptions } from '../../src/server/app.ts';
import type { ErrorBody } from '../../src/api/envelope.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import type { InboxMessage } from '../../src/server/dev/inbox-store.ts';
import { freshDatabase } from './test-database.ts';

export const PAGE_ORIGIN = 'http://localhost:5173';
export const PORTAL_URL = `${PAGE_ORIGIN}/student-portal`;

export interface TestService {
  service: Service;
  /** Moves the service's clock (every expiry check uses it). */
  advance(ms: number): void;
  now(): number;
  close(): Promise<void>;
}

/** A fixed AUTH_SECRET_KEY for test services (production mode has no dev default); 32 bytes as hex. */
export const TEST_SECRET_KEY = 'a1'.repeat(32);

/**
 * Every in-process request comes from the same unknown client IP, so the per-IP limits (tested on their own in
 * rate-limits.test.ts) would otherwise throttle the suites that send many requests on purpose.
 */
const SUITE_IP_RATE_LIMITS = {
  sends: 1_000_000,
  authFailures: 1_000_000,
  events: 1_000_000,
  ssoStarts: 1_000_000,
  ssoDiscoveries: 1_000_000,
};

export async function startTestService(options: ServiceOptions = {}): Promise<TestService> {
  let offset = 0;
  const now = () => Date.now() + offset;
  const database = options.database ? undefined : await freshDatabase();
  let service: Service;
  try {
    service = await createService({
      ...(database ? { database: database.options } : {}),
      allowedOrigins: [PAGE_ORIGIN],
      redirectUrls: [PORTAL_URL, `${PAGE_ORIGIN}/`],
      now,
      // Development falls back to the public dev key; production has none and needs one.
      ...(options.mode === 'production' ? { secretKey: TEST_SECRET_KEY } : {}),
      ...options,
      ipRateLimits: { ...SUITE_IP_RATE_LIMITS, ...options.ipRateLimits },
    });
  } catch (error) {
    await database?.drop();
    throw error;
  }
  return {
    service,
    advance: (ms) => {
      offset += ms;
    },
    now,
    async close() {
      await service.close();
      await database?.drop();
    },
  };
}

export function basicAuth(secret: string = DEFAULT_PUBLIC_TOKEN, publicToken: string = DEFAULT_PUBLIC_TOKEN): string {
  return `Basic ${Buffer.from(`${publicToken}:${secret}`).toString('base64')}`;
}

export interface CallOptions {
  sessionToken?: string;
  headers?: Record<string, string>;
  /** A raw body string instead of JSON.stringify(body). */
  raw?: string;
}

/** POST /sdk/v1<path> the way the client does (Basic auth, JSON). */
export async function post(t: TestService, path: string, body?: unknown, options: CallOptions = {}): Promise<Response> {
  const payload = options.raw ?? (body === undefined ? undefined : JSON.stringify(body));
  return t.service.app.request(`${SDK_BASE_PATH}${path}`, {
    method: 'POST',
    headers: {
      Authorization: basicAuth(options.sessionToken),
      'Content-Type': 'application/json',
      ...options.headers,
    },
    ...(payload === undefined ? {} : { body: payload }),
  });
}

export async function get(t: TestService, path: string, options: CallOptions = {}): Promise<Response> {
  return t.service.app.request(`${SDK_BASE_PATH}${path}`, {
    headers: { Authorization: basicAuth(options.sessionToken), ...options.headers },
  });
}

/** The `data` of a success envelope, after checking the envelope itself. */
export async function dataOf<T = Record<string, unknown>>(
  res: Response,
): Promise<T & { request_id: string; status_code: number }> {
  const body = (await res.json()) as { data: T & { request_id: string; status_code: number } };
  assert.equal(res.status, 200, `expected 200, got ${res.status}: ${JSON.stringify(body)}`);
  assert.equal(body.data.status_code, 200);
  // `test` from a development service, `live` from a production one (production-mode.test.ts checks which is which).
  assert.match(body.data.request_id, /^request-id-(test|live)-[0-9a-f-]{36}$/);
  return body.data;
}

/** Asserts an error response: status, error_type and (optionally) the exact message; returns the body. */
export async function expectError(
  res: Response,
  status: number,
  errorType: string,
  message?: string | RegExp,
): Promise<ErrorBody> {
  const body = (await res.json()) as ErrorBody;
  assert.equal(res.status, status, `status of ${JSON.stringify(body)}`);
  assert.equal(body.status_code, status);
  assert.equal(body.error_type, errorType);
  if (typeof message === 'string') assert.equal(body.error_message, message);
  else if (message) assert.match(body.error_message, message);
  return body;
}

export type { InboxMessage };

export async function inbox(t: TestService, to?: string): Promise<InboxMessage[]> {
  const res = await t.service.app.request(`/dev/inbox.json${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  assert.equal(res.status, 200);
  return ((await res.json()) as { messages: InboxMessage[] }).messages;
}

/** The token in the newest magic link sent to `to`. */
export async function latestToken(t: TestService, to: string): Promise<string> {
  const [message] = await inbox(t, to);
  assert.ok(message, `a message to ${to}`);
  const link = message.links[0];
  assert.ok(link, 'the message has a link');
  const token = new URL(link).searchParams.get('token');
  assert.ok(token, 'the link has a token');
  return token;
}

export function uniqueEmail(prefix = 'student'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

const usedPhoneNumbers = new Set<string>();
/**
 * A fresh valid phone number per call: +1 <areaCode> 555 XXXX. Files that share a service pass their own area code,
 * so they never send to the same number.
 */
export function uniquePhone(areaCode = '415'): string {
  for (;;) {
    const number = `+1${areaCode}555${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    if (!usedPhoneNumbers.has(number)) {
      usedPhoneNumbers.add(number);
      return number;
    }
  }
}

export interface SignedIn {
  email: string;
  userId: string;
  sessionToken: string;
  sessionJwt: string;
  session: { session_id: string; expires_at: string; last_accessed_at: string; started_at: string };
}

/** Sends a magic link and authenticates it: a signed-in student. */
export async function signIn(t: TestService, email = uniqueEmail(), sessionDurationMinutes = 30): Promise<SignedIn> {
  await dataOf(
    await post(t, '/magic_links/email/login_or_create', {
      email,
      login_magic_link_url: PORTAL_URL,
      signup_magic_link_url: PORTAL_URL,
    }),
  );
  const token = await latestToken(t, email);
  const data = await dataOf<{
    user_id: string;
    session_token: string;
    session_jwt: string;
    session: SignedIn['session'];
  }>(await post(t, '/magic_links/authenticate', { token, session_duration_minutes: sessionDurationMinutes }));
  return {
    email,
    userId: data.user_id,
    sessionToken: data.session_token,
    sessionJwt: data.session_jwt,
    session: data.session,
  };
}

/** A PKCE pair the way the client makes one: 32 random bytes as hex, and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('hex');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
