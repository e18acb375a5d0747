// createAuthClient: the consumer products on the machinery every client shares (core.ts: the session store, HTTP,
// bootstrap, telemetry, refresh). Nothing here runs at import time (only inside createAuthClient), so importing this
// module in Node is safe.
import { OAUTH_PROVIDERS, type OAuthProvider } from '../api/index.ts';
import type { AuthClient, AuthClientOptions } from './types.ts';
import { CONSUMER_CLIENT } from './bootstrap.ts';
import { INSTANTIATED_EVENT } from './constants/telemetry.ts';
import { createClientCore, type ClientKind } from './core.ts';
import { createMagicLinksApi } from './magic-links.ts';
import { acquireStore, releaseStore, type SessionStore } from './session.ts';
import { createSessionApi } from './sessions.ts';
import { createUserApi } from './users.ts';
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
 * Asks for the project's bootstrap before the page's first client of that token and service is made, which takes the
 * answer instead of asking again: `<auth-login>` does so before its first paint.
 */
export { prefetchBootstrap } from './bootstrap.ts';

/** The consumer's kind of client: its store keeps a user and session. */
const CONSUMER: ClientKind<SessionStore> = {
  acquire: acquireStore,
  release: releaseStore,
  signedInIds: (store) => ({ userId: store.getSession()?.user_id, sessionId: store.getSession()?.session_id }),
  vertical: CONSUMER_CLIENT,
  instantiated: INSTANTIATED_EVENT,
};

export function createAuthClient(options: AuthClientOptions): AuthClient {
  const { store, http, track, baseUrl, bootstrap, start, surface } = createClientCore(options, CONSUMER);
  const session = createSessionApi(http, store, track);
  const user = createUserApi(http, store, track);
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
  const oauthApi = lazy(async () =>
    (await import('./oauth.ts')).createOAuthApi(http, store, bootstrap, baseUrl, surface.events),
  );
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
  start(() => session.authenticate());
  return Object.assign(surface, {
    session,
    user,
    magicLinks,
    otps,
    passwords,
    oauth,
    totps,
    impersonation: { authenticate: accounts.impersonate },
    rbac: createRbacApi(http, store, bootstrap),
    webauthn: createWebAuthnApi(http, store),
    cryptoWallets,
    idp,
  });
}
