import type { MiddlewareHandler } from 'hono';
import type { ServiceMode } from '../config.ts';
import type { AppEnv } from '../context.ts';
import { withIdEnvironment } from '../ids.ts';

/**
 * The app's first middleware: everything after it (the request id, routes, stores, the error handler) runs as this
 * service, so the ids it makes say `live` in production and `test` in development (ids.ts says why this way).
 */
export function idEnvironment(mode: ServiceMode): MiddlewareHandler<AppEnv> {
  return (_c, next) => withIdEnvironment(mode, next);
}
