import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { nodeBindings } from '../http/node-request.ts';

/**
 * The request's client address, set once per request as `clientIp` (request-context.ts). With no proxy configured it
 * is the TCP peer, and X-Forwarded-For is ignored: any client can write that header. Behind `trustProxy` proxies, each
 * appends the address it received from, so the Nth entry from the right is the one our outermost proxy saw; entries
 * further left were written by the client and prove nothing.
 */
export function clientAddress(c: Context<AppEnv>, trustProxy: number): string {
  const peer = nodeBindings(c).incoming?.socket.remoteAddress ?? '';
  return trustProxy > 0 ? (forwardedAddress(c.req.header('X-Forwarded-For'), trustProxy) ?? peer) : peer;
}

/** The address `hops` entries from the right of X-Forwarded-For, or null when the header has fewer entries. */
export function forwardedAddress(header: string | undefined, hops: number): string | null {
  const entries = (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length >= hops ? (entries[entries.length - hops] ?? null) : null;
}
