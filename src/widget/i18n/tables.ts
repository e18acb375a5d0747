// Which translation tables to fetch, and when. English is in the code that uses it; every other locale's tables are
// lazy chunks named by explicit import maps (one per table: Main's, the error catalogue's, each product's), so an
// English page fetches no Spanish or French byte, and a Spanish page fetches only the Spanish tables of what it shows.
// This module is in first paint: keep it small.
import { DEFAULT_LOCALE, type Locale } from '../../api/locales.ts';

/** The locales with translation tables: every supported one but English, the language the code is written in. */
export type TranslatedLocale = Exclude<Locale, 'en'>;
/** One table's chunks, by locale: `{ es: () => import('./x.es.ts'), fr: () => import('./x.fr.ts') }`. */
export type TableLoaders = Record<TranslatedLocale, () => Promise<unknown>>;

/** Main's strings and the root's own (en.ts): fetched before Main renders in that locale. */
const MAIN_TABLES: TableLoaders = { es: () => import('./main.es.ts'), fr: () => import('./main.fr.ts') };
/** The error catalogue (en-errors.ts): with every product's chunk and the Error screen. */
export const ERROR_TABLES: TableLoaders = { es: () => import('./errors.es.ts'), fr: () => import('./errors.fr.ts') };
/** The Success and Error screens (en-outcome.ts). */
export const OUTCOME_TABLES: TableLoaders = { es: () => import('./outcome.es.ts'), fr: () => import('./outcome.fr.ts') };

/** Every table some code on the page asked for (Main's first): a locale asked for later fetches all of them. */
const wanted: TableLoaders[] = [MAIN_TABLES];
/** The locales some widget on the page shows. */
const active = new Set<TranslatedLocale>();
const loads = new Map<() => Promise<unknown>, Promise<unknown>>();
const loaded = new Set<() => Promise<unknown>>();

function load(loader: () => Promise<unknown>): Promise<unknown> {
  let promise = loads.get(loader);
  if (!promise) {
    promise = loader().then(() => loaded.add(loader));
    // A failed fetch is tried again the next time the table is asked for (the network may be back).
    promise.catch(() => loads.delete(loader));
    loads.set(loader, promise);
  }
  return promise;
}

/**
 * `chunk` once it and `tables` in every locale shown on the page have loaded, so its screens never render a
 * translated key in English first. A table that fails to load leaves those keys in English (the chunk still works).
 */
export function withTables<T>(chunk: Promise<T>, ...tables: TableLoaders[]): Promise<T> {
  for (const table of tables) if (!wanted.includes(table)) wanted.push(table);
  const translations = tables.flatMap((table) => [...active].map((locale) => load(table[locale]).catch(() => undefined)));
  return Promise.all([chunk, ...translations]).then(([module]) => module);
}

/** Whether every table asked for so far is loaded in `locale` (English always is). */
export function tablesReady(locale: Locale): boolean {
  return locale === DEFAULT_LOCALE || wanted.every((table) => loaded.has(table[locale as TranslatedLocale]));
}

/** Fetches every table asked for so far in `locale`, and later ones as they are asked for; rejects if one fails. */
export function showLocale(locale: Locale): Promise<unknown> {
  if (locale === DEFAULT_LOCALE) return Promise.resolve();
  active.add(locale as TranslatedLocale);
  return Promise.all(wanted.map((table) => load(table[locale as TranslatedLocale])));
}
