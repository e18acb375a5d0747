// The project's bootstrap document (wire contract 2.9): served from the localStorage cache at once, refreshed by one
// request per page (shared by the clients of one token and service URL), defaults when neither is available.
import { DEFAULT_BOOTSTRAP, PATHS, toBootstrapData, type BootstrapData, type BootstrapResponse } from '../api/index.ts';
import type { BootstrapApi } from './types.ts';
import type { Http } from './http.ts';
import { BOOTSTRAP_KEY_SUFFIX } from './constants/storage.ts';
import { readJson, storageKey, writeJson } from './storage.ts';

export const B2B_TOKEN_MESSAGE =
  'This public token belongs to a B2B project, but the consumer client was used. Use a consumer project token.';

/** The kind of project a client is made for, and the error it logs when the token's bootstrap names the other kind. */
export interface ClientVertical {
  vertical: BootstrapData['vertical'];
  mismatch: string;
}

/** createAuthClient's: a B2B project's token logs B2B_TOKEN_MESSAGE (spec 8). */
export const CONSUMER_CLIENT: ClientVertical = { vertical: 'CONSUMER', mismatch: B2B_TOKEN_MESSAGE };

interface SharedBootstrap {
  data: BootstrapData;
  fetched: Promise<BootstrapData>;
}

/**
 * One bootstrap request per page load: the element's client and the page's own client (both from
 * /auth-login.js, so one module) share the document per session store (one per public token, see session.ts) and
 * service URL. Keyed by the store, so once every client of a token is destroyed the next one fetches afresh.
 */
const sharedByStore = new WeakMap<object, Map<string, SharedBootstrap>>();

function load(http: Http, publicToken: string, client: ClientVertical, forget: () => void): SharedBootstrap {
  const key = storageKey(publicToken, BOOTSTRAP_KEY_SUFFIX);
  const cached = readJson(key);
  // Spread over the defaults so a cache written by an older version still has every field.
  const shared: SharedBootstrap = {
    data:
      cached && typeof cached === 'object'
        ? { ...DEFAULT_BOOTSTRAP, ...(cached as Partial<BootstrapData>) }
        : DEFAULT_BOOTSTRAP,
    fetched: http.request<BootstrapResponse>('GET', PATHS.bootstrap(publicToken)).then(
      (wire) => {
        shared.data = toBootstrapData(wire);
        writeJson(key, shared.data);
        // A document without the field (an older service) names no kind, and so no mismatch.
        if (shared.data.vertical && shared.data.vertical !== client.vertical) console.error(client.mismatch);
        return shared.data;
      },
      (error: unknown) => {
        // Sign-in still works with the cached document or the defaults; the site owner needs to know, though. The
        // next client to start asks again rather than inheriting the failure.
        forget();
        console.error('Could not fetch the project bootstrap data; using cached or default values.', error);
        return shared.data;
      },
    ),
  };
  return shared;
}

/** `owner`: the page's session store for this token, whose lifetime bounds the sharing. */
export function createBootstrap(
  http: Http,
  publicToken: string,
  owner: object,
  baseUrl: string,
  client: ClientVertical = CONSUMER_CLIENT,
): BootstrapApi {
  let perUrl = sharedByStore.get(owner);
  if (!perUrl) {
    perUrl = new Map();
    sharedByStore.set(owner, perUrl);
  }
  const byUrl = perUrl;
  let shared = byUrl.get(baseUrl);
  if (!shared) {
    const entry = load(http, publicToken, client, () => {
      if (byUrl.get(baseUrl) === entry) byUrl.delete(baseUrl);
    });
    byUrl.set(baseUrl, entry);
    shared = entry;
  }
  const mine = shared;
  return { getSync: () => mine.data, get: () => mine.fetched };
}
