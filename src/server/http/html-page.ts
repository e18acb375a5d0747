import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../context.ts';
import { pagePolicy } from '../security/content-security-policy.ts';

/** Answers one of the service's own HTML pages with its strict policy; never cached, since each is per visitor. */
export function htmlPage(c: Context<AppEnv>, html: string, status: ContentfulStatusCode = 200): Response {
  c.header('Content-Security-Policy', pagePolicy(html));
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'no-store');
  return c.html(html, status);
}
