// What a locale's index (i18n/es.ts, fr.ts) does with the products' tables: fetches a product's table in its locale
// once (through the loader the product's record holds), and again after a failed fetch (the network may be back).
// Lazy, with the indexes: an English page never loads it.
import type { LocaleIndex, TranslatedLocale, Translations } from './tables.ts';

export function localeIndex(locale: TranslatedLocale): LocaleIndex {
  const loads = new Map<Translations, Promise<unknown>>();
  const load = (tables: Translations) => {
    let promise = loads.get(tables);
    if (!promise) {
      promise = tables[locale]();
      promise.catch(() => loads.delete(tables));
      loads.set(tables, promise);
    }
    return promise;
  };
  return { load: (tables) => Promise.all([...tables].map(load)) };
}
