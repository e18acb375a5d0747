// The magic-link product's statechart (spec sections 2 and 4), run by the root as its child `product`:
//
//   start ─→ sending (Main, busy) ─(sent)→ sent (Email Confirmation) ─TRY_AGAIN / BACK→ done: Main anew
//     │           └─(error)→ failed: Main with the error under the field
//     └─(a link's token)→ authenticating (Loading) ─(signed in)→ signedIn: Success
//                               └─(refused)→ refused: Error, with the service's message
//
// Started with `{ tab: 'email' }` (Continue on the Email tab: the address typed there), `{ email }` (a passwordless
// user handed over by the password product), or `{ token, use: 'authenticate' }` (the page opened from a magic link:
// the record's `urlToken`). The token's states (authenticating, signedIn, refused) are the ones every product that
// signs in with a redirect token shares (machine/url-token-states.ts).
import { assign, sendParent, setup } from 'xstate';
import type { BootstrapData } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import type { ResolvedConfig } from '../../config.ts';
import { EVENT_TYPES, TELEMETRY } from '../../events.ts';
import { LOGIN_OR_CREATE_EML } from './constants.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import { reportUrlTokenSignIn, urlTokenStates } from '../../machine/url-token-states.ts';
import { callError, toMain, widgetError, widgetEvent } from '../kit.ts';
import type { ProductInput, ProductOutput, ProductScreen, ScreenMeta, UrlTokenParams } from '../types.ts';
import { authenticateMagicLink, sendMagicLink } from './actors.ts';
import { magicLinkWireOptions } from './config.ts';

export type MagicLinkParams = { tab: 'email' } | { email: string };

/** The screens this machine's states name (chunk.ts has each but Main). */
export type MagicLinkScreen = ProductScreen<'EmailConfirmation' | 'Loading'>;

export interface MagicLinkContext {
  client: AuthClient;
  config: ResolvedConfig;
  bootstrap: BootstrapData;
  /** The address the link goes (went) to. */
  email: string;
  /** The token of the magic link the page was opened with, when started with one. */
  token: string | null;
  errorDescriptor: ErrorDescriptor | null;
}

export type MagicLinkEvent =
  | { type: 'TRY_AGAIN' }
  | { type: 'BACK' }
  | { type: 'SESSION_ENDED' }
  | { type: 'CONFIG_CHANGED'; config: ResolvedConfig };

export const magicLinkMachine = setup({
  types: {
    context: {} as MagicLinkContext,
    events: {} as MagicLinkEvent,
    input: {} as ProductInput<MagicLinkParams | UrlTokenParams>,
    output: {} as ProductOutput,
    meta: {} as ScreenMeta<MagicLinkScreen>,
  },
  actors: { sendMagicLink, authenticateUrlToken: authenticateMagicLink },
  guards: {
    hasToken: ({ context }) => context.token !== null,
  },
  actions: {
    reportUrlTokenSignIn: reportUrlTokenSignIn(EVENT_TYPES.MAGIC_LINK_AUTHENTICATE),
    /** Telemetry through the client's batched `/events` call. */
    log: ({ context }, params: { name: string }) => {
      context.client.events.log(params.name, { email: context.email, type: LOGIN_OR_CREATE_EML });
    },
  },
}).createMachine({
  id: 'magicLinks',
  context: ({ input }) => ({
    client: input.client,
    config: input.config,
    bootstrap: input.bootstrap,
    email: 'email' in input.params ? input.params.email : input.formState.email.trim(),
    token: 'token' in input.params ? input.params.token : null,
    errorDescriptor: null,
  }),
  on: { CONFIG_CHANGED: { actions: assign({ config: ({ event }) => event.config }) } },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'authenticating' }, { target: 'sending' }],
    },
    sending: {
      meta: { screen: 'Main' },
      invoke: {
        src: 'sendMagicLink',
        input: ({ context }) => ({
          client: context.client,
          email: context.email,
          options: magicLinkWireOptions(context.config.emailMagicLinksOptions),
        }),
        onDone: {
          target: 'sent',
          actions: [
            { type: 'log', params: { name: TELEMETRY.emailSent } },
            sendParent(({ event }) => widgetEvent(EVENT_TYPES.MAGIC_LINK_LOGIN_OR_CREATE, event.output)),
          ],
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
    sent: {
      meta: { screen: 'EmailConfirmation' },
      on: {
        TRY_AGAIN: { target: 'done', actions: { type: 'log', params: { name: TELEMETRY.emailTryAgainClicked } } },
        BACK: { target: 'done' },
      },
    },
    // The page was opened from a magic link: its token signs the visitor in.
    ...urlTokenStates,
    done: { type: 'final', output: ({ context }) => toMain(context.errorDescriptor) },
    failed: { type: 'final', output: ({ context }) => toMain(context.errorDescriptor) },
  },
  output: ({ event }) => event.output as ProductOutput,
});

export type MagicLinkMachine = typeof magicLinkMachine;
