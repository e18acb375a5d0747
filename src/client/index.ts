// createAuthClient: wires the shared session store, HTTP, bootstrap, products and telemetry together. Nothing here
// runs at import time (only inside createAuthClient), so importing this module in Node is safe.
import { OAUTH_PROVIDERS, type OAuthProvider } from '../api/index.ts';
import type { AuthClient, AuthClientOptions } from './types.ts';
import { createBootstrap } from './bootstrap.ts';
import { SESSION_LOGOUT_WARNING } from './constants/sessions.ts';
import { INSTANTIATED_EVENT } from './constants/telemetry.ts';
import { createEventQueue } from './events.ts';
import { createHttp, resolveBaseUrl } from './http.ts';
import { createMagicLinksApi } from './magic-links.ts';
import { createRefreshLoop } from './refresh.ts';
import { acquireStore, releaseStore, type SessionStore } from './session.ts';
import { createSessionApi } from './sessions.ts';
import type { SessionApi } from './types.ts';
import { createUserApi } from './users.ts';
import { validate } from './schema.ts';
import { accountCalls, deferred, lazy } from './lazy.ts';
import { readLastUsedOAuth } from './oauth-last-used.ts';
import { createRbacApi } from './rbac.ts';
import type { CryptoWalletsApi, IdpApi, OAuthApi, OAuthProviderApi, OtpsApi, PasswordsApi, TotpsApi } from './types.ts';
import { createWebAuthnApi } from './webauthn.ts';

export type * from './types.ts';
export { APIError, APISchemaError, APIUnreachableError, SDKUsageError } from './errors.ts';
/**
 * The full-page navigations the client makes (OAuth start, One Tap), and the widget's consent page makes when it sends
 * the browser back to an app: one seam a test replaces to read the address instead of leaving the page.
 */
export { navigation } from './navigation.ts';
/** Runs only the last call of a burst, 500 ms (DEFAULT_DEBOUNCE_MS) after it unless `waitMs` says otherwise. */
export { debounce, type Debounced, type DebounceOptions } from './debounce.ts';
export { DEFAULT_DEBOUNCE_MS } from './constants/utilities.ts';

/**
 * Start-up and background refresh for a store, once per page and token (wire contract 1.6): with a readable session
 * cookie, re-authenticate now and then every 3 minutes; without one, the cached state is stale, so clear it.
 */
function manageSession(store: SessionStore, session: SessionApi, customApiDomain: boolean): void {
  const loop = createRefreshLoop({
    authenticate: () => session.authenticate(),
    onLoggedOut(reason, error) {
      if (reason === 'retries_exhausted') console.warn(SESSION_LOGOUT_WARNING, error);
      store.clear();
    },
  });
  store.refresh = loop;
  // Sign-in (here or in another tab) starts the loop; sign-out stops it.
  store.onSession((s) => (s ? loop.start(false) : loop.stop()));
  // With a custom API domain the session lives in that domain's HttpOnly cookies, which this page cannot read.
  if (store.cookies.readToken() || customApiDomain) loop.start(true);
  else store.clear();
}

export function createAuthClient(options: AuthClientOptions): AuthClient {
  const { publicToken } = options;
  validate({ publicToken }, { publicToken: 'string' });
  // A custom API domain is reduced to its hostname over https (wire contract 1.1); an explicit baseUrl still wins.
  const baseUrl = resolveBaseUrl(
    publicToken,
    options.baseUrl ??
      (options.apiDomain ? `https://${new URL(options.apiDomain, location.href).hostname}` : undefined),
  );
  const { store, fresh } = acquireStore(publicToken, options.cookieOptions);
  const signedInIds = () => ({ userId: store.getSession()?.user_id, sessionId: store.getSession()?.session_id });
  let locale = options.locale || undefined;
  const http = createHttp({
    locale: () => locale,
    baseUrl,
    publicToken,
    sessionToken: () => store.cookies.readToken(),
    signedInIds,
    captchaRetry: async (body) => (await import('./captcha.ts')).captchaRetryBody(body, await bootstrap.get(), options),
  });

  const subscriptions = new Set<() => void>();
  const track = (unsubscribe: () => void) => {
    subscriptions.add(unsubscribe);
    return () => {
      subscriptions.delete(unsubscribe);
      unsubscribe();
    };
  };

  const session = createSessionApi(http, store, track);
  const user = createUserApi(http, store, track);
  const bootstrap = createBootstrap(http, publicToken, store, baseUrl);
  const magicLinks = createMagicLinksApi(http, store, bootstrap);
  // The areas below load their code on the first call (see lazy.ts): none of it is needed before the form is usable.
  const passwords: PasswordsApi = deferred(
    async () => (await import('./passwords.ts')).createPasswordsApi(http, store, bootstrap),
    [
      'create',
      'authenticate',
      'strengthCheck',
      'resetByEmailStart',
      'resetByEmail',
      'resetByExistingPassword',
      'resetBySession',
    ],
  );
  const otpsApi = lazy(async () => (await import('./otps.ts')).createOtpsApi(http, store));
  const otpChannel = <C extends 'sms' | 'whatsapp' | 'email'>(channel: C) =>
    deferred(async () => (await otpsApi())[channel], ['loginOrCreate', 'send']);
  const otps: OtpsApi = {
    sms: otpChannel('sms'),
    whatsapp: otpChannel('whatsapp'),
    email: otpChannel('email'),
    ...deferred(otpsApi, ['authenticate']),
  };
  const cryptoWallets: CryptoWalletsApi = deferred(
    async () => (await import('./crypto-wallets.ts')).createCryptoWalletsApi(http, store, bootstrap),
    ['authenticateStart', 'authenticate'],
  );
  const oauthApi = lazy(async () => (await import('./oauth.ts')).createOAuthApi(http, store, bootstrap, baseUrl));
  const oauth: OAuthApi = {
    ...(Object.fromEntries(
      OAUTH_PROVIDERS.map((provider): [OAuthProvider, OAuthProviderApi] => [
        provider,
        deferred(async () => (await oauthApi())[provider], ['start']),
      ]),
    ) as Record<OAuthProvider, OAuthProviderApi>),
    ...deferred(oauthApi, ['startUrl', 'authenticate']),
    // Synchronous, so a UI can order its buttons before anything loads: it only reads storage.
    lastUsedProvider: () => readLastUsedOAuth(store.publicToken),
    googleOneTap: {
      ...deferred(async () => (await oauthApi()).googleOneTap, ['start']),
      cancel: () => void oauthApi().then((api) => api.googleOneTap.cancel()),
    },
  };
  const events = createEventQueue({ baseUrl, publicToken, signedInIds });
  const accounts = deferred(
    accountCalls,
    ['totpCreate', 'totpAuthenticate', 'totpRecoveryCodes', 'totpRecover', 'impersonate'],
    { http, store },
  );
  const totps: TotpsApi = {
    create: accounts.totpCreate,
    authenticate: accounts.totpAuthenticate,
    recoveryCodes: accounts.totpRecoveryCodes,
    recover: accounts.totpRecover,
  };
  // Only the identity provider's authorize and logout pages make these calls.
  const idp: IdpApi = deferred(() => import('./idp.ts'), ['authorizeStart', 'authorizeSubmit', 'logoutStart'], http);
  if (fresh) manageSession(store, session, options.apiDomain !== undefined);
  events.log(INSTANTIATED_EVENT, {});

  let destroyed = false;
  return {
    publicToken,
    baseUrl,
    get locale() {
      return locale;
    },
    set locale(value: string | undefined) {
      locale = value || undefined;
    },
    session,
    user,
    magicLinks,
    otps,
    passwords,
    oauth,
    bootstrap,
    totps,
    impersonation: { authenticate: accounts.impersonate },
    rbac: createRbacApi(http, store, bootstrap),
    webauthn: createWebAuthnApi(http, store),
    cryptoWallets,
    idp,
    events: { log: (name, details) => events.log(name, details) },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      for (const unsubscribe of subscriptions) unsubscribe();
      subscriptions.clear();
      events.destroy();
      // The last client of this token also stops the background refresh and the cross-tab listener.
      releaseStore(store);
    },
  };
}
