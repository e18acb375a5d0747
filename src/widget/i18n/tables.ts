// Which translation tables to fetch, and when. English is in the code that uses it; every other locale's tables are
// lazy chunks, so an English page fetches no Spanish or French byte, and a Spanish page only the Spanish tables of
// what it shows. This module is in first paint, so it names only each locale's index (i18n/<locale>.ts): loading one
// registers Main's, the error catalogue's and the outcome screens' tables, and the index fetches its locale's table
// of each product asked for, through the loaders the product's record holds (locale-index.ts).
import { DEFAULT_LOCALE, type Locale } from '../../api/locales.ts';

/** The locales with translation tables: every supported one but English, the language the code is written in. */
export type TranslatedLocale = Exclude<Locale, 'en'>;
/**
 * A product's translated tables, one loader per locale (its record's `translations`): fetched after the index, with
 * the product's chunk. A new locale is a new key here, which every product's record is then asked for.
 */
export type Translations = Readonly<Record<TranslatedLocale, () => Promise<unknown>>>;
/** A locale's index, once loaded: fetches its table of each product (each once), rejecting if one fails. */
export interface LocaleIndex {
  load(tables: Iterable<Translations>): Promise<unknown>;
}

const INDEXES: Record<TranslatedLocale, () => Promise<{ index: LocaleIndex }>> = {
  es: () => import('./es.ts'),
  fr: () => import('./fr.ts'),
};

/** The tables some code on the page asked for: a locale shown later fetches all of them. */
const wanted = new Set<Translations>();
/** The indexes of the locales some widget on the page shows. */
const shown = new Set<LocaleIndex>();

/**
 * `chunk` once it and the given tables in every locale shown on the page have loaded (fetched side by side), so its
 * screens never show a translated text in English first. A table that fails leaves its texts in English.
 */
export function withTables<T>(chunk: Promise<T>, ...translations: Translations[]): Promise<T> {
  for (const table of translations) wanted.add(table);
  const tables = [...shown].map((index) => index.load(translations).catch(() => undefined));
  return Promise.all([chunk, ...tables]).then(([module]) => module);
}

/** Fetches `locale`'s Main table and every table asked for so far, and later ones as they are; rejects if one fails. */
export async function showLocale(locale: Locale): Promise<unknown> {
  if (locale === DEFAULT_LOCALE) return;
  const { index } = await INDEXES[locale as TranslatedLocale]();
  shown.add(index);
  return index.load(wanted);
}
