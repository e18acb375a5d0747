// The project's bootstrap document (wire contract 2.9): served from the localStorage cache at once, refreshed by one
// request per client, defaults when neither is available.
import { DEFAULT_BOOTSTRAP, PATHS, toBootstrapData, type BootstrapData, type BootstrapResponse } from '../api/index.ts';
import type { BootstrapApi } from './types.ts';
import type { Http } from './http.ts';
import { BOOTSTRAP_KEY_SUFFIX } from './constants.ts';
import { readJson, storageKey, writeJson } from './storage.ts';

export const B2B_TOKEN_MESSAGE =
  'This public token belongs to a B2B project, but the consumer client was used. Use a consumer project token.';

export function createBootstrap(http: Http, publicToken: string): BootstrapApi {
  const key = storageKey(publicToken, BOOTSTRAP_KEY_SUFFIX);
  const cached = readJson(key);
  // Spread over the defaults so a cache written by an older version still has every field.
  let data: BootstrapData =
    cached && typeof cached === 'object' ? { ...DEFAULT_BOOTSTRAP, ...(cached as Partial<BootstrapData>) } : DEFAULT_BOOTSTRAP;

  const fetched = http.request<BootstrapResponse>('GET', PATHS.bootstrap(publicToken)).then(
    (wire) => {
      data = toBootstrapData(wire);
      writeJson(key, data);
      if (data.vertical === 'B2B') console.error(B2B_TOKEN_MESSAGE);
      return data;
    },
    (error: unknown) => {
      // Sign-in still works with the cached document or the defaults; the site owner needs to know, though.
      console.error('Could not fetch the project bootstrap data; using cached or default values.', error);
      return data;
    },
  );

  return { getSync: () => data, get: () => fetched };
}
