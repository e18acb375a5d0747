import { matchLocale, type Locale } from '../../api/locales.ts';
import type { RequestMeta } from '../http/request-meta.ts';

/**
 * The language of a message the service sends (a magic link, a passcode, a reset link): the request's `locale` (a
 * BCP 47 tag, as the hosted provider takes it) when it names a supported language, else the language the request
 * asks for (Accept-Language, which the client sets to the widget's locale), else English. A visitor using the widget
 * in Spanish gets the email in Spanish without the site configuring `locale` twice.
 */
export function deliveryLocale(locale: string | undefined, meta: RequestMeta): Locale {
  return matchLocale(locale) ?? meta.locale;
}
