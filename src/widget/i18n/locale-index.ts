// What a locale's index (i18n/es.ts, fr.ts) does with its import map: fetches a table by name once, and again after
// a failed fetch (the network may be back). Lazy, with the indexes: an English page never loads it.
import type { LocaleIndex, TableName } from './tables.ts';

export function localeIndex(tables: Record<TableName, () => Promise<unknown>>): LocaleIndex {
  const loads = new Map<TableName, Promise<unknown>>();
  const load = (name: TableName) => {
    let promise = loads.get(name);
    if (!promise) {
      promise = tables[name]();
      promise.catch(() => loads.delete(name));
      loads.set(name, promise);
    }
    return promise;
  };
  return { load: (names) => Promise.all([...names].map(load)) };
}
