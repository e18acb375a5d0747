// The languages the widget and the identity service speak. One list for both sides: the widget's
// catalogues (src/widget/i18n, products/<name>/strings.*) and the service's error messages (src/server/i18n) each
// have exactly these, and a test fails when a key is missing in any of them.

export const SUPPORTED_LOCALES = ['en', 'es', 'fr'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
/** The spec's language: what the widget and the service speak when nothing asks for another. */
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * How the widget (through the headless client) tells the service which language to answer in: the standard request
 * header, which is CORS-safelisted, so setting it adds no preflight.
 */
export const LOCALE_HEADER = 'Accept-Language';

/** The supported locale a BCP 47 tag names ('es-MX' → 'es', 'FR' → 'fr'), or undefined for any other language. */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  const language = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return SUPPORTED_LOCALES.find((locale) => locale === language);
}
