import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';

/**
 * Makes the configured public origin (PUBLIC_URL, always set in production) available to `requestMeta`, so a relative
 * redirect URL on a call without Origin or X-SDK-Parent-Host resolves against it rather than the request's Host.
 */
export function publicUrl(origin: string | null): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('publicUrl', origin);
    await next();
  };
}
