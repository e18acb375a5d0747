// The service options a deployment sets through environment variables (main.ts). Kept apart from main.ts, which
// listens as soon as it is imported, so the parsing can be tested.
import { OAUTH_PROVIDERS, type OAuthProvider } from '../api/oauth.ts';
import type { OAuthProviderCredentials, ServiceOptions } from './config.ts';

type Env = Record<string, string | undefined>;

/** The variable names of a provider's credentials: OAUTH_GOOGLE_CLIENT_ID, OAUTH_GOOGLE_CLIENT_SECRET, OAUTH_GOOGLE_ISSUER. */
export function oauthEnvNames(provider: OAuthProvider) {
  const prefix = `OAUTH_${provider.toUpperCase()}_`;
  return { clientId: `${prefix}CLIENT_ID`, clientSecret: `${prefix}CLIENT_SECRET`, issuer: `${prefix}ISSUER` };
}

/**
 * Real social providers from `OAUTH_<PROVIDER>_CLIENT_ID` and `_CLIENT_SECRET` (both, or the provider is left to the
 * dev identity provider), with `_ISSUER` overriding the provider's well-known OpenID Connect issuer; Google One Tap
 * from `GOOGLE_ONE_TAP_CLIENT_ID`; the public origin from `PUBLIC_URL`. A half-configured provider is an error at
 * start, not a sign-in that fails later.
 */
export function oauthOptionsFromEnv(env: Env): Pick<ServiceOptions, 'oauthProviders' | 'googleOneTapClientId' | 'publicUrl'> {
  const oauthProviders: Partial<Record<OAuthProvider, OAuthProviderCredentials>> = {};
  for (const provider of OAUTH_PROVIDERS) {
    const names = oauthEnvNames(provider);
    const clientId = env[names.clientId];
    const clientSecret = env[names.clientSecret];
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) throw new Error(`Set both ${names.clientId} and ${names.clientSecret}, or neither.`);
    const issuer = env[names.issuer];
    oauthProviders[provider] = { clientId, clientSecret, ...(issuer ? { issuer } : {}) };
  }
  const options: Pick<ServiceOptions, 'oauthProviders' | 'googleOneTapClientId' | 'publicUrl'> = {};
  if (Object.keys(oauthProviders).length) options.oauthProviders = oauthProviders;
  if (env['GOOGLE_ONE_TAP_CLIENT_ID']) options.googleOneTapClientId = env['GOOGLE_ONE_TAP_CLIENT_ID'];
  if (env['PUBLIC_URL']) options.publicUrl = env['PUBLIC_URL'];
  return options;
}
