// oauth.* of the public API (wire contract 3.6): the browser-redirect start for each social provider, the
// authenticate call for the token the redirect brings back, and Google One Tap (its code loads on first use).
import {
  OAUTH_PROVIDERS,
  PATHS,
  type OAuthAuthenticateResponse,
  type OAuthProvider,
  type OAuthStartOptions,
} from '../api/index.ts';
import { OAUTH_START_PARAMS, OAUTH_START_PATH } from '../api/oauth.ts';
import type { BootstrapApi, EventsApi, OAuthApi, OAuthProviderApi } from './types.ts';
import { START_OAUTH_FLOW_EVENT } from './constants/telemetry.ts';
import type { SessionStore } from './session.ts';
import type { Http } from './http.ts';
import { MSG_NO_OAUTH_VERIFIER } from './constants/oauth.ts';
import { navigation } from './navigation.ts';
import { clearPair, getPair, startPair } from './pkce.ts';
import { validate } from './schema.ts';
import { withoutUser } from './sessions.ts';
import { readLastUsedOAuth, writeLastUsedOAuth } from './oauth-last-used.ts';

/** What the start URL is made of, besides the provider and the caller's options. */
export interface OAuthStartUrlParts {
  /** `https://<cname_domain>` or the client's base URL. */
  host: string;
  publicToken: string;
  codeChallenge?: string;
}

/** `<host>/v1/public/oauth/<provider>/start?…` with the query parameters of wire contract 3.6, in that order. */
export function oauthStartUrl(provider: string, options: OAuthStartOptions, parts: OAuthStartUrlParts): string {
  const url = new URL(OAUTH_START_PATH(provider), parts.host);
  const q = url.searchParams;
  q.set(OAUTH_START_PARAMS.publicToken, parts.publicToken);
  if (parts.codeChallenge) q.set(OAUTH_START_PARAMS.codeChallenge, parts.codeChallenge);
  if (options.custom_scopes?.length) q.set(OAUTH_START_PARAMS.customScopes, options.custom_scopes.join(' '));
  for (const [key, value] of Object.entries(options.provider_params ?? {})) {
    q.set(OAUTH_START_PARAMS.providerParamPrefix + key, String(value));
  }
  if (options.login_redirect_url) q.set(OAUTH_START_PARAMS.loginRedirectUrl, options.login_redirect_url);
  if (options.signup_redirect_url) q.set(OAUTH_START_PARAMS.signupRedirectUrl, options.signup_redirect_url);
  return url.href;
}

export function createOAuthApi(
  http: Http,
  store: SessionStore,
  bootstrap: BootstrapApi,
  baseUrl: string,
  events?: EventsApi,
): OAuthApi {
  const pt = store.publicToken;

  async function startUrl(provider: OAuthProvider, options: OAuthStartOptions = {}): Promise<string> {
    validate({ custom_scopes: options.custom_scopes }, { custom_scopes: 'optionalStringArray' });
    validate({ provider_params: options.provider_params }, { provider_params: 'optionalObject' });
    // The fresh bootstrap: the CNAME and the PKCE requirement are the project's current settings.
    const data = await bootstrap.get();
    let codeChallenge: string | undefined;
    // A new pair on every start; a project without PKCE must not leave an old verifier to be sent later.
    if (data.pkceRequiredForOAuth) codeChallenge = (await startPair(pt, 'oauth')).code_challenge;
    else clearPair(pt, 'oauth');
    const host = data.cnameDomain ? `https://${data.cnameDomain}` : baseUrl;
    return oauthStartUrl(provider, options, { host, publicToken: pt, codeChallenge });
  }

  const providers = Object.fromEntries(
    OAUTH_PROVIDERS.map((provider): [OAuthProvider, OAuthProviderApi] => [
      provider,
      {
        async start(options) {
          const url = await startUrl(provider, options);
          // Recorded before navigating, since the page unloads next; a start that was refused records nothing.
          writeLastUsedOAuth(pt, provider);
          // Queued now; the page's leaving (pagehide) sends the queue with keepalive.
          events?.log(START_OAUTH_FLOW_EVENT, { provider_type: provider });
          navigation.assign(url);
        },
      },
    ]),
  ) as Record<OAuthProvider, OAuthProviderApi>;

  const oneTap = () => import('./one-tap.ts');

  return {
    ...providers,
    startUrl,
    lastUsedProvider: () => readLastUsedOAuth(pt),
    async authenticate(token, options) {
      validate({ token, ...options }, { token: 'string', session_duration_minutes: 'number' });
      const code_verifier = getPair(pt, 'oauth')?.code_verifier;
      if (!code_verifier && bootstrap.getSync().pkceRequiredForOAuth) console.warn(MSG_NO_OAUTH_VERIFIER);
      const response = await http.request<OAuthAuthenticateResponse>('POST', PATHS.oauthAuthenticate, {
        token,
        session_duration_minutes: options.session_duration_minutes,
        ...(code_verifier ? { code_verifier } : {}),
      });
      clearPair(pt, 'oauth');
      store.applyAuthResponse(response);
      return withoutUser(response);
    },
    googleOneTap: {
      start: async (options) => (await oneTap()).startOneTap({ baseUrl, publicToken: pt }, options),
      cancel: () => void oneTap().then((m) => m.cancelOneTap()),
    },
  };
}
