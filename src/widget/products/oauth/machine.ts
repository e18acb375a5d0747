// The oauth product's statechart (spec sections 2 and 4), run by the root as its child `product` when a social button
// is pressed (START with `{ provider }`):
//
//   starting (Main, busy) ─(the client navigates away)→ redirecting (Main, busy) ─PAGE_RESTORED→ restored: Main as left
//        └─(error)→ failed: Main with the error
//
// OAUTH_START is emitted once its flow has started (the client has recorded the provider as last used by then). Back
// from the provider's page, the browser may restore this page as it was left (back/forward cache): the buttons must
// work again rather than stay busy. Google One Tap is not here: it runs while Main shows (one-tap.ts, the product's
// `mainMachine`).
import { assign, sendParent, setup } from 'xstate';
import type { OAuthProvider } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import type { OAuthProviderConfig, ResolvedConfig } from '../../config.ts';
import { EVENT_TYPES } from '../../constants.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import { callError, toMain, widgetError, widgetEvent } from '../kit.ts';
import type { ProductInput, ProductOutput } from '../types.ts';
import { startOAuth, watchPageRestore } from './actors.ts';
import { oauthProviders } from './config.ts';

/** What a social button starts the product with: its provider. */
export interface OAuthParams {
  provider: OAuthProvider;
}

export interface OAuthContext {
  client: AuthClient;
  config: ResolvedConfig;
  /** The pressed button's provider as configured (scopes, provider parameters). */
  provider: OAuthProviderConfig;
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
    input: {} as ProductInput<OAuthParams>,
    output: {} as ProductOutput,
  },
  actors: { startOAuth, watchPageRestore },
}).createMachine({
  id: 'oauth',
  context: ({ input }) => ({
    client: input.client,
    config: input.config,
    provider: oauthProviders(input.config).find((p) => p.type === input.params.provider) ?? {
      type: input.params.provider,
    },
    errorDescriptor: null,
  }),
  on: { CONFIG_CHANGED: { actions: assign({ config: ({ event }) => event.config }) } },
  initial: 'starting',
  states: {
    starting: {
      meta: { screen: 'Main' },
      invoke: {
        src: 'startOAuth',
        input: ({ context }) => ({
          client: context.client,
          provider: context.provider,
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
    restored: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }): ProductOutput =>
    context.errorDescriptor ? toMain(context.errorDescriptor) : { to: 'main', resume: true },
});

export type OAuthMachine = typeof oauthMachine;
