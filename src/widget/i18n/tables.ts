// Which translation tables to fetch, and when. English is in the code that uses it; every other locale's tables are
// lazy chunks, so an English page fetches no Spanish or French byte, and a Spanish page only the Spanish tables of
// what it shows. This module is in first paint, so it names only each locale's index (i18n/<locale>.ts): loading one
// registers Main's, the error catalogue's and the outcome screens' tables, and the index fetches its locale's other
// tables by name (locale-index.ts).
import { DEFAULT_LOCALE, type Locale } from '../../api/locales.ts';
import type { Product } from '../config.ts';

/** The locales with translation tables: every supported one but English, the language the code is written in. */
export type TranslatedLocale = Exclude<Locale, 'en'>;
/** The tables fetched by name, after the index: each product's strings. */
export type TableName = Product;
/** A locale's index, once loaded: fetches its tables by name (each once), rejecting if one fails. */
export interface LocaleIndex {
  load(names: Iterable<TableName>): Promise<unknown>;
}

const INDEXES: Record<TranslatedLocale, () => Promise<{ index: LocaleIndex }>> = {
  es: () => import('./es.ts'),
  fr: () => import('./fr.ts'),
};

/** The tables some code on the page asked for: a locale shown later fetches all of them. */
const wanted = new Set<TableName>();
/** The indexes of the locales some widget on the page shows. */
const shown = new Set<LocaleIndex>();

/**
 * `chunk` once it and the named tables in every locale shown on the page have loaded (fetched side by side), so its
 * screens never show a translated text in English first. A table that fails leaves its texts in English.
 */
export function withTables<T>(chunk: Promise<T>, ...names: TableName[]): Promise<T> {
  for (const name of names) wanted.add(name);
  const tables = [...shown].map((index) => index.load(names).catch(() => undefined));
  return Promise.all([chunk, ...tables]).then(([module]) => module);
}

/** Fetches `locale`'s Main table and every table asked for so far, and later ones as they are; rejects if one fails. */
export async function showLocale(locale: Locale): Promise<unknown> {
  if (locale === DEFAULT_LOCALE) return;
  const { index } = await INDEXES[locale as TranslatedLocale]();
  shown.add(index);
  return index.load(wanted);
}
