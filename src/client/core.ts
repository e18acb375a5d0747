// What every client is made of, whichever project it serves: the page's store for its token, HTTP with the session
// cookie and telemetry header, the shared bootstrap, the event queue, the subscriptions destroy() drops, and the
// background refresh. createAuthClient (index.ts) and createB2BClient (b2b.ts) add their calls on top.
import type { AuthClientOptions, BootstrapApi, CookieOptions, EventsApi } from './types.ts';
import { createBootstrap, type ClientVertical } from './bootstrap.ts';
import { createEventQueue } from './events.ts';
import { createHttp, resolveBaseUrl, type Http } from './http.ts';
import { manageSession, type ManagedStore } from './refresh.ts';
import { validate } from './schema.ts';
import type { Track } from './sessions.ts';
import type { SignedInIds } from './telemetry.ts';

/** The store a kind of client keeps per token, and how its state names who is signed in (for telemetry). */
export interface ClientKind<S> {
  acquire(publicToken: string, cookieOptions: CookieOptions | undefined): { store: S; fresh: boolean };
  release(store: S): void;
  signedInIds(store: S): SignedInIds;
  /** Which project kind its token must belong to, else the bootstrap logs an error (spec 8). */
  vertical: ClientVertical;
  /** The event each instance logs once it is made (wire contract 3.1). */
  instantiated: string;
}

/** The members both clients expose as they are. */
export interface ClientSurface {
  readonly publicToken: string;
  readonly baseUrl: string;
  locale: string | undefined;
  readonly bootstrap: BootstrapApi;
  readonly events: EventsApi;
  destroy(): void;
}

export interface ClientCore<S> {
  store: S;
  http: Http;
  track: Track;
  baseUrl: string;
  bootstrap: BootstrapApi;
  /** Starts the background refresh (the token's first client only) and logs the instance; call it last. */
  start(authenticate: () => Promise<unknown>): void;
  /** The public object's shared members; the kind's calls are assigned onto it (its `locale` is an accessor). */
  surface: ClientSurface;
}

export function createClientCore<S extends ManagedStore>(
  options: AuthClientOptions,
  kind: ClientKind<S>,
): ClientCore<S> {
  const { publicToken } = options;
  validate({ publicToken }, { publicToken: 'string' });
  // A custom API domain is reduced to its hostname over https (wire contract 1.1); an explicit baseUrl still wins.
  const baseUrl = resolveBaseUrl(
    publicToken,
    options.baseUrl ??
      (options.apiDomain ? `https://${new URL(options.apiDomain, location.href).hostname}` : undefined),
  );
  const { store, fresh } = kind.acquire(publicToken, options.cookieOptions);
  const signedInIds = () => kind.signedInIds(store);
  let locale = options.locale || undefined;
  const service = { baseUrl, publicToken };
  const http = createHttp({
    locale: () => locale,
    baseUrl,
    publicToken,
    sessionToken: () => store.cookies.readToken(),
    signedInIds,
    // Only a project whose bootstrap enables captcha or DFP loads captcha.ts (and the scripts it loads).
    protect: async (body) => {
      const data = await bootstrap.get();
      if (!data.runDFPProtectedAuth && !data.captchaSettings.enabled) return body;
      return (await import('./captcha.ts')).protectedBody(body, data, options, service);
    },
    captchaRetry: async (body) =>
      (await import('./captcha.ts')).captchaRetryBody(body, await bootstrap.get(), options, service),
  });

  const subscriptions = new Set<() => void>();
  const track: Track = (unsubscribe) => {
    subscriptions.add(unsubscribe);
    return () => {
      subscriptions.delete(unsubscribe);
      unsubscribe();
    };
  };

  const bootstrap = createBootstrap(http, publicToken, store, baseUrl, kind.vertical, locale);
  const events = createEventQueue({ baseUrl, publicToken, signedInIds });

  let destroyed = false;
  const surface: ClientSurface = {
    publicToken,
    baseUrl,
    get locale() {
      return locale;
    },
    set locale(value: string | undefined) {
      locale = value || undefined;
    },
    bootstrap,
    events: { log: (name, details, error) => events.log(name, details, error) },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      for (const unsubscribe of subscriptions) unsubscribe();
      subscriptions.clear();
      events.destroy();
      // The last client of this token also stops the background refresh and the cross-tab listener.
      kind.release(store);
    },
  };

  return {
    store,
    http,
    track,
    baseUrl,
    bootstrap,
    start(authenticate) {
      if (fresh) manageSession(store, authenticate, options.apiDomain !== undefined);
      events.log(kind.instantiated, {});
    },
    surface,
  };
}
