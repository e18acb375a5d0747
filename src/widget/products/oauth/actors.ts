// The oauth product's calls, over the headless client: a provider's start, the page coming back from the back/forward
// cache, the token of the provider's redirect back, and Google One Tap's prompt.
import { fromCallback, fromPromise } from 'xstate';
import type { OAuthProvider } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import type { OAuthProviderConfig } from './config.ts';
import type { UrlTokenSignInInput } from '../../machine/url-token-states.ts';
import { ONE_TAP_PARENT_ID } from './constants.ts';
import type { OneTapEvent, OneTapPrompt } from './one-tap.ts';

/** A social sign-in button: the provider's start (the client then navigates the page away). */
export const startOAuth = fromPromise<
  { provider: string },
  { client: AuthClient; provider: OAuthProviderConfig; loginRedirectURL?: string; signupRedirectURL?: string }
>(async ({ input }) => {
  const { client, provider } = input;
  await client.oauth[provider.type as OAuthProvider].start({
    ...(input.loginRedirectURL ? { login_redirect_url: input.loginRedirectURL } : {}),
    ...(input.signupRedirectURL ? { signup_redirect_url: input.signupRedirectURL } : {}),
    ...(provider.custom_scopes ? { custom_scopes: provider.custom_scopes } : {}),
    ...(provider.provider_params ? { provider_params: provider.provider_params } : {}),
  });
  return { provider: provider.type };
});

/** The token of the provider's redirect back (`?stytch_token_type=oauth&token=…`), for a session. */
export const authenticateOAuth = fromPromise<unknown, UrlTokenSignInInput>(({ input }) =>
  input.client.oauth.authenticate(input.token, { session_duration_minutes: input.sessionDurationMinutes }),
);

/** PAGE_RESTORED when the browser shows this page again from its back/forward cache (`pageshow`, persisted). */
export const watchPageRestore = fromCallback<{ type: 'PAGE_RESTORED' }>(({ sendBack }) => {
  if (typeof window === 'undefined') return undefined;
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) sendBack({ type: 'PAGE_RESTORED' });
  };
  window.addEventListener('pageshow', onPageShow);
  return () => window.removeEventListener('pageshow', onPageShow);
});

/** Starts One Tap's prompt through the client and reports what happens to it; closes it when the state is left. */
export const promptOneTap = fromCallback<OneTapEvent, OneTapPrompt>(({ input, sendBack }) => {
  const { client, provider } = input;
  let stopped = false;
  void client.oauth.googleOneTap
    .start({
      login_redirect_url: input.loginRedirectURL,
      signup_redirect_url: input.signupRedirectURL,
      cancel_on_tap_outside: provider?.cancel_on_tap_outside,
      position: provider?.position,
      ...(input.placement === 'embedded' ? { prompt_parent_id: ONE_TAP_PARENT_ID } : {}),
      onOneTapCancelled: (reason) => stopped || sendBack({ type: 'ONE_TAP_CANCELLED', reason }),
      onError: (error) => stopped || sendBack({ type: 'ONE_TAP_FAILED', error }),
    })
    .then((result) => stopped || sendBack({ type: 'ONE_TAP_RESULT', result }));
  return () => {
    stopped = true;
    client.oauth.googleOneTap.cancel();
  };
});
