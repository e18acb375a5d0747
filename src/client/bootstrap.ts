// The project's bootstrap document (wire contract 2.9): served from the localStorage cache at once, refreshed by one
// request per page (shared by the clients of one token and service URL), defaults when neither is available.
import {
  DEFAULT_BOOTSTRAP,
  PATHS,
  SDK_BASE_PATH,
  toBootstrapData,
  type BootstrapData,
  type BootstrapResponse,
} from '../api/index.ts';
import { LOCALE_HEADER } from '../api/locales.ts';
import type { BootstrapApi } from './types.ts';
import { parseResponse, resolveBaseUrl, type Http } from './http.ts';
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

/**
 * Bootstrap answers asked for before their page's first client was made (prefetchBootstrap), by service origin and
 * token: the first client of that token and service takes one instead of asking again. Null once a client has asked
 * (or taken the answer): a later prefetch would be a second request for what the clients already share.
 */
const prefetched = new Map<string, { locale: string | undefined; answer: Promise<BootstrapResponse> } | null>();

const prefetchKey = (baseUrl: string, publicToken: string) => `${baseUrl}\n${publicToken}`;

/**
 * Asks for the bootstrap of `publicToken` at `baseUrl` (as a client resolves it) now, for the first client made for
 * them to take. The element asks before its first paint: a send waits for the fresh bootstrap (its PKCE and captcha
 * settings), and the client is made only after the paint, so its own request would leave a paint and a click later.
 * Its body is read as soon as it arrives, as a client reads its own: read only when a send asked for it, it waited
 * behind the visitor's keys (the browser runs input and frames before network tasks). The request needs no header
 * (the token is in its path, and the project's settings are public), so it goes with its language alone: a simple
 * request, with no CORS preflight from another origin.
 */
export function prefetchBootstrap(publicToken: string, baseUrl?: string, locale?: string): void {
  const origin = resolveBaseUrl(publicToken, baseUrl);
  const key = prefetchKey(origin, publicToken);
  if (prefetched.has(key)) return;
  // In the client's language, as a client asks (Accept-Language is one of the headers a simple request may carry).
  const headers: Record<string, string> = locale ? { [LOCALE_HEADER]: locale } : {};
  const answer = fetch(`${origin}${SDK_BASE_PATH}${PATHS.bootstrap(publicToken)}`, { headers }).then((response) =>
    parseResponse<BootstrapResponse>(response),
  );
  // Never taken (the element went before it made a client), a failure is nobody's to report.
  answer.catch(() => undefined);
  prefetched.set(key, { locale, answer });
}

/**
 * The bootstrap's answer: a prefetched one if waiting (taken once) and asked in the client's language (a client made
 * in another, the page having set the element's `locale` after it was connected, asks in its own), else the client's
 * own request.
 */
function request(
  http: Http,
  publicToken: string,
  baseUrl: string,
  locale: string | undefined,
): Promise<BootstrapResponse> {
  const key = prefetchKey(baseUrl, publicToken);
  const early = prefetched.get(key);
  prefetched.set(key, null);
  const own = () => http.request<BootstrapResponse>('GET', PATHS.bootstrap(publicToken));
  // A prefetch that failed is asked again as the client asks, which reports its failure with the client's errors.
  return early && (locale === undefined || early.locale === locale) ? early.answer.catch(own) : own();
}

function load(
  http: Http,
  publicToken: string,
  baseUrl: string,
  locale: string | undefined,
  client: ClientVertical,
  forget: () => void,
): SharedBootstrap {
  const key = storageKey(publicToken, BOOTSTRAP_KEY_SUFFIX);
  const cached = readJson(key);
  // Spread over the defaults so a cache written by an older version still has every field.
  const shared: SharedBootstrap = {
    data:
      cached && typeof cached === 'object'
        ? { ...DEFAULT_BOOTSTRAP, ...(cached as Partial<BootstrapData>) }
        : DEFAULT_BOOTSTRAP,
    fetched: request(http, publicToken, baseUrl, locale).then(
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
  /** The language the client starts in (its requests' Accept-Language). */
  locale?: string,
): BootstrapApi {
  let perUrl = sharedByStore.get(owner);
  if (!perUrl) {
    perUrl = new Map();
    sharedByStore.set(owner, perUrl);
  }
  const byUrl = perUrl;
  let shared = byUrl.get(baseUrl);
  if (!shared) {
    const entry = load(http, publicToken, baseUrl, locale, client, () => {
      if (byUrl.get(baseUrl) === entry) byUrl.delete(baseUrl);
    });
    byUrl.set(baseUrl, entry);
    shared = entry;
  }
  const mine = shared;
  return { getSync: () => mine.data, get: () => mine.fetched };
}
