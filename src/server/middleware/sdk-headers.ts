import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { CONTENT_LANGUAGE_HEADER } from '../i18n/constants.ts';

/**
 * Every /sdk/v1 answer (success, error, 404, CORS preflight) carries sessions, tokens or user data, or says something
 * about them: no cache may keep it, and no browser may sniff it into something other than JSON. Each also says which
 * language it speaks (its error_message, if any); Content-Language is a CORS-safelisted response header, so pages
 * read it without Access-Control-Expose-Headers.
 */
export const sdkResponseHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const { headers } = c.res;
  headers.set('Cache-Control', 'no-store');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set(CONTENT_LANGUAGE_HEADER, c.get('locale'));
};
