import type { MiddlewareHandler } from 'hono';
import { LOCALE_HEADER } from '../../api/locales.ts';
import { CONTENT_LANGUAGE_HEADER } from '../i18n/constants.ts';
import type { AppEnv } from '../context.ts';
import { preferredLocale } from '../i18n/accept-language.ts';

/** Chooses the language of this request's error messages from Accept-Language (i18n/accept-language.ts). */
export const negotiateLanguage: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('locale', preferredLocale(c.req.header(LOCALE_HEADER)));
  await next();
};

/**
 * Every /sdk/v1 answer says which language it speaks (its error_message, if any). Content-Language is a
 * CORS-safelisted response header, so pages read it without Access-Control-Expose-Headers.
 */
export const sdkContentLanguage: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res.headers.set(CONTENT_LANGUAGE_HEADER, c.get('locale'));
};
