import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';

/**
 * Every /sdk/v1 answer (success, error, 404, CORS preflight) carries sessions, tokens or user data, or says something
 * about them: no cache may keep it, and no browser may sniff it into something other than JSON.
 */
export const sdkResponseHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
};
