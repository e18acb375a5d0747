import type { MiddlewareHandler } from 'hono';
import { CORS_ALLOWED_HEADERS, CORS_ALLOWED_METHODS, CORS_MAX_AGE_SECONDS } from '../constants/headers.ts';
import type { AppEnv } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { isAllowedOrigin } from '../security/origins.ts';

/**
 * CORS for /sdk/v1 (and the One Tap and dev One Tap calls, which pages make the same way). An allowlisted origin gets
 * its exact value echoed with credentials allowed (the client sends cookies and Basic auth). Any other origin gets no
 * CORS headers, and its non-preflight requests are refused outright, so a disallowed site cannot even cause side
 * effects with requests whose answers it could not read.
 */
export function sdkCors(
  allowedOrigins: readonly string[],
  allowedHeaders: readonly string[] = CORS_ALLOWED_HEADERS,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('Origin');
    const allowed = origin !== undefined && isAllowedOrigin(origin, allowedOrigins);

    if (c.req.method === 'OPTIONS') {
      c.header('Vary', 'Origin');
      if (allowed) {
        setCorsHeaders(c.header.bind(c), origin);
        c.header('Access-Control-Allow-Methods', CORS_ALLOWED_METHODS.join(', '));
        c.header('Access-Control-Allow-Headers', allowedHeaders.join(', '));
        c.header('Access-Control-Max-Age', String(CORS_MAX_AGE_SECONDS));
      }
      return c.body(null, 204);
    }

    if (origin !== undefined && !allowed) throw Errors.originNotAllowed(origin);
    await next();
    // Set after the handler, on whatever response it (or the error handler) produced: error bodies need the headers
    // too, or the client could not read the error_type.
    c.res.headers.append('Vary', 'Origin');
    if (allowed) setCorsHeaders((name, value) => c.res.headers.set(name, value), origin);
  };
}

function setCorsHeaders(set: (name: string, value: string) => void, origin: string): void {
  set('Access-Control-Allow-Origin', origin);
  set('Access-Control-Allow-Credentials', 'true');
}
