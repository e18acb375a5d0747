// oauth.* as the client returns it: every call loads oauth.ts on first use (the widget's entry does not carry it before
// the form is usable, issue 18), except lastUsedProvider(), which is synchronous and only reads storage.
import { OAUTH_PROVIDERS, type OAuthProvider } from '../api/index.ts';
import { loadOnce } from './deferred.ts';
import { readLastUsedOAuth } from './oauth-last-used.ts';
import type { OAuthApi, OAuthProviderApi } from './types.ts';

export function deferredOAuthApi(publicToken: string, load: () => Promise<OAuthApi>): OAuthApi {
  const real = loadOnce(load);
  const providers = Object.fromEntries(
    OAUTH_PROVIDERS.map((provider): [OAuthProvider, OAuthProviderApi] => [
      provider,
      { start: async (options) => (await real())[provider].start(options) },
    ]),
  ) as Record<OAuthProvider, OAuthProviderApi>;
  return {
    ...providers,
    startUrl: async (provider, options) => (await real()).startUrl(provider, options),
    lastUsedProvider: () => readLastUsedOAuth(publicToken),
    authenticate: async (token, options) => (await real()).authenticate(token, options),
    googleOneTap: {
      start: async (options) => (await real()).googleOneTap.start(options),
      cancel: () => void real().then((api) => api.googleOneTap.cancel()),
    },
  };
}
