import type { Context, MiddlewareHandler } from 'hono';
import { FRAME_ANCESTORS_DIRECTIVE, STRICT_TRANSPORT_SECURITY } from '../constants/headers.ts';
import type { AppEnv } from '../context.ts';

/**
 * Headers every answer carries, whoever made it (a route, the static files, the error handler, a 404), so a page or
 * route added later cannot forget them. Mounted before every other middleware but the id environment, it sees the
 * final response.
 * - `X-Content-Type-Options: nosniff`: no browser reads a JSON body or a text file as a script or a page.
 * - On an HTML page, `frame-ancestors 'none'` in its Content-Security-Policy: no site can frame it to clickjack a
 *   sign-in, consent or logout. A page with its own policy (the strict-CSP portal, the service's rendered pages) keeps
 *   every directive; a page without one gets a policy of that directive alone, which restricts nothing else.
 * - With an https PUBLIC_URL, Strict-Transport-Security. It follows the configured URL, not the request's scheme:
 *   behind a proxy that ends TLS the service itself is reached over http, and an http PUBLIC_URL (a test deployment
 *   without TLS) must never pin browsers to https.
 */
export function securityHeaders(publicUrl: string | null): MiddlewareHandler<AppEnv> {
  const strictTransport = publicUrl !== null && new URL(publicUrl).protocol === 'https:';
  return async (c, next) => {
    await next();
    const headers = writableHeaders(c);
    headers.set('X-Content-Type-Options', 'nosniff');
    if (isHtml(headers))
      headers.set('Content-Security-Policy', withFrameAncestors(headers.get('Content-Security-Policy')));
    if (strictTransport) headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  };
}

/**
 * The response's headers, ready to be set. A response with immutable headers (Response.redirect, a fetched one) is
 * copied, so no answer escapes the rules; setting one header is the only way to find out which kind it is.
 */
function writableHeaders(c: Context<AppEnv>): Headers {
  try {
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    c.res = new Response(c.res.body, c.res);
  }
  return c.res.headers;
}

function isHtml(headers: Headers): boolean {
  return /^text\/html\b/i.test(headers.get('Content-Type') ?? '');
}

/** The page's policy with frame-ancestors added; a policy that already names frame-ancestors decided it itself. */
export function withFrameAncestors(policy: string | null): string {
  if (!policy) return FRAME_ANCESTORS_DIRECTIVE;
  const directives = policy.split(';').map((directive) => directive.trim().split(/\s+/)[0]?.toLowerCase());
  if (directives.includes('frame-ancestors')) return policy;
  return `${policy.replace(/[\s;]+$/, '')}; ${FRAME_ANCESTORS_DIRECTIVE}`;
}
