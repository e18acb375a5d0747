// Requests as they arrive from a given client address, for the tests of per-client limits (test/server and
// test/postgres): in-process requests otherwise all share one unknown address.
import type { Service } from '../../src/server/app.ts';
import { basicAuth, PORTAL_URL } from './support.ts';

/** POST /sdk/v1<path> as the client does, arriving from `ip` (the TCP peer the service reads). */
export function postFrom(
  service: Service,
  ip: string,
  path: string,
  body: unknown,
  sessionToken?: string,
): Promise<Response> {
  return Promise.resolve(
    service.app.request(
      `/sdk/v1${path}`,
      {
        method: 'POST',
        headers: { Authorization: basicAuth(sessionToken), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: ip } } },
    ),
  );
}

/** How many responses had each status, e.g. `{200: 5, 429: 45}`. */
export function statusCounts(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.status] = (counts[res.status] ?? 0) + 1;
  return counts;
}

let ipCounter = 0;
/** A fresh documentation address (RFC 5737) per use, so tests do not share per-IP budgets. */
export function newIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

/** A send request as postFrom's path and body. */
export type SendCall = readonly [path: string, body: Record<string, unknown>];
export function otpSend(email: string): SendCall {
  return ['/otps/email/login_or_create', { email }];
}
export function magicLinkSend(email: string): SendCall {
  return [
    '/magic_links/email/login_or_create',
    { email, login_magic_link_url: PORTAL_URL, signup_magic_link_url: PORTAL_URL },
  ];
}
