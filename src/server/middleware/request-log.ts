import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';

/**
 * Path segments that carry a secret or a token, replaced by their parameter name before logging: the One Tap
 * callback id is a single-use secret, and the bootstrap path carries the project's token.
 */
const SECRET_PATH_SEGMENTS: readonly [RegExp, string][] = [
  [/^(\/v1\/oauth\/callback\/)[^/]+/, '$1:oauth_callback_id'],
  [/^(\/sdk\/v1\/projects\/bootstrap\/)[^/]+/, '$1:public_token'],
];

/** The path as logged: never the query string (magic-link and reset tokens travel there), no secret segments. */
export function loggablePath(path: string): string {
  return SECRET_PATH_SEGMENTS.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), path);
}

/**
 * One JSON line per request, after the response: method, path, status, duration_ms, request_id, ip. Nothing else is
 * read from the request (no headers, no body, no query), so no credential can end up in a log.
 */
export function requestLog(write: (line: string) => void): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      write(
        JSON.stringify({
          time: new Date().toISOString(),
          method: c.req.method,
          path: loggablePath(c.req.path),
          status: c.res.status,
          duration_ms: Math.round((performance.now() - started) * 10) / 10,
          request_id: c.get('requestId'),
          ip: c.get('clientIp'),
        }),
      );
    }
  };
}
