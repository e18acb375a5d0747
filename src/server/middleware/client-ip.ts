import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { nodeBindings } from '../http/node-request.ts';

/**
 * Sets `clientIp` once per request (rate limits, the request log and `RequestMeta.ipAddress` all read it). With no
 * proxy configured it is the TCP peer, and X-Forwarded-For is ignored: any client can write that header. Behind
 * `trustProxy` proxies, each appends the address it received from, so the Nth entry from the right is the one our
 * outermost proxy saw; entries further left were written by the client and prove nothing.
 */
export function clientIp(trustProxy: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const peer = nodeBindings(c).incoming?.socket.remoteAddress ?? '';
    c.set('clientIp', trustProxy > 0 ? (forwardedAddress(c.req.header('X-Forwarded-For'), trustProxy) ?? peer) : peer);
    await next();
  };
}

/** The address `hops` entries from the right of X-Forwarded-For, or null when the header has fewer entries. */
export function forwardedAddress(header: string | undefined, hops: number): string | null {
  const entries = (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length >= hops ? (entries[entries.length - hops] ?? null) : null;
}
