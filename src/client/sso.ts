// Enterprise SSO, loaded on first use (see lazy.ts): the start is a full-page navigation to the service (through
// `navigation`, as the OAuth start is), which sends the visitor to the organization's identity provider and back
// with `?stytch_token_type=sso&token=…`; that token is then exchanged. As the hosted B2B SDK does it.
import {
  SSO_PATHS,
  SSO_START_PARAMS,
  SSO_START_PATH,
  type SsoAuthenticateRequest,
  type SsoAuthenticateResponse,
  type SsoDiscoverConnectionsResponse,
} from '../api/sso.ts';
import type { B2BCallOptions, B2BSSOStartOptions } from './types.ts';
import { MSG_NO_SSO_VERIFIER } from './constants/b2b.ts';
import { authenticateMember, withIntermediateToken, type MemberCallContext } from './member-session.ts';
import { navigation } from './navigation.ts';
import { clearPair, getPair, startPair } from './pkce.ts';
import { validate } from './schema.ts';

/** `<service>/v1/public/sso/start?…`, its query parameters in the hosted SDK's order. */
async function startUrl({ bootstrap, store, baseUrl }: MemberCallContext, options: B2BSSOStartOptions) {
  const pt = store.publicToken;
  const url = new URL(SSO_START_PATH, baseUrl);
  const q = url.searchParams;
  q.set(SSO_START_PARAMS.publicToken, pt);
  q.set(SSO_START_PARAMS.connectionId, options.connection_id);
  for (const [key, value] of Object.entries(options.provider_params ?? {})) {
    q.set(SSO_START_PARAMS.providerParamPrefix + key, String(value));
  }
  // The fresh bootstrap: whether PKCE is required is the project's current setting. A new pair on every start; a
  // project without PKCE must not leave an old verifier to be sent later.
  if ((await bootstrap.get()).pkceRequiredForSso) {
    q.set(SSO_START_PARAMS.codeChallenge, (await startPair(pt, 'sso')).code_challenge);
  } else {
    clearPair(pt, 'sso');
  }
  if (options.login_redirect_url) q.set(SSO_START_PARAMS.loginRedirectUrl, options.login_redirect_url);
  if (options.signup_redirect_url) q.set(SSO_START_PARAMS.signupRedirectUrl, options.signup_redirect_url);
  return url.href;
}

export const calls = {
  async start(ctx: MemberCallContext, options: B2BSSOStartOptions) {
    validate({ ...options }, { connection_id: 'string', provider_params: 'optionalObject' });
    navigation.assign(await startUrl(ctx, options));
  },

  async authenticate(ctx: MemberCallContext, options: B2BCallOptions<SsoAuthenticateRequest>) {
    validate({ ...options }, { sso_token: 'string', session_duration_minutes: 'number' });
    const pt = ctx.store.publicToken;
    const code_verifier = getPair(pt, 'sso')?.code_verifier;
    if (!code_verifier && ctx.bootstrap.getSync().pkceRequiredForSso) console.warn(MSG_NO_SSO_VERIFIER);
    const body = withIntermediateToken(ctx.store, { pkce_code_verifier: code_verifier, ...options });
    const response = await authenticateMember<SsoAuthenticateResponse>(ctx, SSO_PATHS.authenticate, body);
    clearPair(pt, 'sso');
    return response;
  },

  discoverConnections({ http }: MemberCallContext, emailAddress: string) {
    validate({ email_address: emailAddress }, { email_address: 'string' });
    const query = `?email_address=${encodeURIComponent(emailAddress)}`;
    return http.request<SsoDiscoverConnectionsResponse>('GET', SSO_PATHS.discoveryConnections + query);
  },
};
