// The oauth product's statechart (spec sections 2 and 4), run by the root as its child `product` when a social button
// is pressed (START with `{ provider }`), or when the page opens from the provider's redirect back (`{ token, use:
// 'authenticate' }`, the record's `urlToken`):
//
//   start ─→ starting (Main, busy) ─(the client navigates away)→ redirecting (Main, busy) ─PAGE_RESTORED→ restored:
//     │           └─(error)→ failed: Main with the error                                             Main as left
//     └─(the redirect's token)→ authenticating (Loading) ─(signed in)→ signedIn: Success
//                                      └─(refused)→ refused: Error, with the service's message
//
// The token's states (authenticating, signedIn, refused) are the ones every product that signs in with a redirect
// token shares (machine/url-token-states.ts).
// OAUTH_START is emitted once its flow has started (the client has recorded the provider as last used by then). Back
// from the provider's page, the browser may restore this page as it was left (back/forward cache): the buttons must
// work again rather than stay busy. Google One Tap is not here: it runs while Main shows (one-tap.ts, the product's
// `mainMachine`).
import { assign, sendParent, setup } from 'xstate';
import type { OAuthProvider } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import type { ResolvedConfig } from '../../config.ts';
import type { OAuthProviderConfig } from './config.ts';
import { EVENT_TYPES } from '../../events.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import { reportUrlTokenSignIn, urlTokenStates } from '../../machine/url-token-states.ts';
import { callError, toMain, widgetError, widgetEvent } from '../kit.ts';
import type { ProductInput, ProductOutput, ProductScreen, ScreenMeta, UrlTokenParams } from '../types.ts';
import { authenticateOAuth, startOAuth, watchPageRestore } from './actors.ts';
import { oauthProviders } from './config.ts';

/** What a social button starts the product with: its provider. */
export interface OAuthParams {
  provider: OAuthProvider;
}

/** The screens this machine's states name (chunk.ts has each but Main). */
export type OAuthScreen = ProductScreen<'Loading'>;

export interface OAuthContext {
  client: AuthClient;
  config: ResolvedConfig;
  /** The pressed button's provider as configured (scopes, provider parameters); null when opened with a token. */
  provider: OAuthProviderConfig | null;
  /** The token of the provider's redirect back, when the page was opened with one. */
  token: string | null;
  errorDescriptor: ErrorDescriptor | null;
}

export type OAuthEvent =
  | { type: 'PAGE_RESTORED' }
  | { type: 'SESSION_ENDED' }
  | { type: 'CONFIG_CHANGED'; config: ResolvedConfig };

export const oauthMachine = setup({
  types: {
    context: {} as OAuthContext,
    events: {} as OAuthEvent,
    input: {} as ProductInput<OAuthParams | UrlTokenParams>,
    output: {} as ProductOutput,
    meta: {} as ScreenMeta<OAuthScreen>,
  },
  actors: { startOAuth, watchPageRestore, authenticateUrlToken: authenticateOAuth },
  guards: {
    hasToken: ({ context }) => context.token !== null,
  },
  actions: {
    reportUrlTokenSignIn: reportUrlTokenSignIn(EVENT_TYPES.OAUTH_AUTHENTICATE),
  },
}).createMachine({
  id: 'oauth',
  context: ({ input }) => {
    const { params } = input;
    return {
      client: input.client,
      config: input.config,
      provider:
        'provider' in params
          ? (oauthProviders(input.config).find((p) => p.type === params.provider) ?? { type: params.provider })
          : null,
      token: 'token' in params ? params.token : null,
      errorDescriptor: null,
    };
  },
  on: { CONFIG_CHANGED: { actions: assign({ config: ({ event }) => event.config }) } },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'authenticating' }, { target: 'starting' }],
    },
    starting: {
      meta: { screen: 'Main' },
      invoke: {
        src: 'startOAuth',
        input: ({ context }) => ({
          client: context.client,
          // Only a social button's START comes here, and it names its provider.
          provider: context.provider!,
          loginRedirectURL: context.config.oauthOptions?.loginRedirectURL,
          signupRedirectURL: context.config.oauthOptions?.signupRedirectURL,
        }),
        // The hosted UI's success callback after starting a flow.
        onDone: {
          target: 'redirecting',
          actions: sendParent(({ event }) => widgetEvent(EVENT_TYPES.OAUTH_START, event.output)),
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ errorDescriptor: ({ event }) => callError(event) }),
            sendParent(({ context }) => widgetError(context.errorDescriptor)),
          ],
        },
      },
    },
    redirecting: {
      meta: { screen: 'Main' },
      invoke: { src: 'watchPageRestore' },
      on: { PAGE_RESTORED: { target: 'restored' } },
    },
    // The page was opened from the provider's redirect back: its token signs the visitor in.
    ...urlTokenStates,
    restored: { type: 'final', output: { to: 'main', resume: true } satisfies ProductOutput },
    failed: { type: 'final', output: ({ context }) => toMain(context.errorDescriptor) },
  },
  output: ({ event }) => event.output as ProductOutput,
});

export type OAuthMachine = typeof oauthMachine;
