// Single sign-on's calls, over the organization client (products/organizations.ts): the connections of an address's
// domain, sending the browser to one, and signing in with the identity provider's token when it sends it back.
import { fromCallback, fromPromise } from 'xstate';
import type { AuthClient } from '../../../client/types.ts';
import type { UrlTokenSignInInput } from '../../machine/url-token-states.ts';
import type { SsoAuthenticateResponse, SsoDiscoverConnectionsResponse } from '../../../api/sso.ts';
import { organizationClient } from '../organizations.ts';
import { ssoRedirects, type SsoOptions } from './config.ts';

export const discoverConnections = fromPromise<SsoDiscoverConnectionsResponse, { client: AuthClient; email: string }>(
  ({ input }) => organizationClient(input.client).sso.discoverConnections(input.email),
);

/** Sends the browser to the connection's identity provider (the client navigates; the page unloads). */
export const startSingleSignOn = fromPromise<void, { client: AuthClient; connectionId: string; options?: SsoOptions }>(
  ({ input }) =>
    organizationClient(input.client).sso.start({ connection_id: input.connectionId, ...ssoRedirects(input.options) }),
);

/**
 * PAGE_RESTORED when the browser shows this page again from its back/forward cache (`pageshow`, persisted): the
 * member came back from the identity provider without signing in.
 */
export const watchPageRestore = fromCallback<{ type: 'PAGE_RESTORED' }>(({ sendBack }) => {
  if (typeof window === 'undefined') return undefined;
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) sendBack({ type: 'PAGE_RESTORED' });
  };
  window.addEventListener('pageshow', onPageShow);
  return () => window.removeEventListener('pageshow', onPageShow);
});

/** The identity provider's token the page was opened with (`?stytch_token_type=sso&token=…`). */
export const authenticateSingleSignOn = fromPromise<SsoAuthenticateResponse, UrlTokenSignInInput>(({ input }) =>
  organizationClient(input.client).sso.authenticate({
    sso_token: input.token,
    session_duration_minutes: input.sessionDurationMinutes,
  }),
);
