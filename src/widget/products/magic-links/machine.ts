// The magic-link product's statechart (spec sections 2 and 4), run by the root as its child `product`:
//
//   sending (Main, busy) ─(sent)→ sent (Email Confirmation) ─TRY_AGAIN / BACK→ done: Main anew
//        └─(error)→ failed: Main with the error under the field
//
// Started with `{ tab: 'email' }` (Continue on the Email tab: the address typed there) or `{ email }` (a passwordless
// user handed over by the password product).
import { assign, sendParent, setup } from 'xstate';
import type { BootstrapData } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import type { ResolvedConfig } from '../../config.ts';
import { EVENT_TYPES, LOGIN_OR_CREATE_EML, TELEMETRY } from '../../constants.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import { callError, toMain, widgetError, widgetEvent } from '../kit.ts';
import type { ProductInput, ProductOutput } from '../types.ts';
import { sendMagicLink } from './actors.ts';
import { magicLinkWireOptions } from './config.ts';

export type MagicLinkParams = { tab: 'email' } | { email: string };

export interface MagicLinkContext {
  client: AuthClient;
  config: ResolvedConfig;
  bootstrap: BootstrapData;
  /** The address the link goes (went) to. */
  email: string;
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
    input: {} as ProductInput<MagicLinkParams>,
    output: {} as ProductOutput,
  },
  actors: { sendMagicLink },
  actions: {
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
    errorDescriptor: null,
  }),
  on: { CONFIG_CHANGED: { actions: assign({ config: ({ event }) => event.config }) } },
  initial: 'sending',
  states: {
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
    done: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) => toMain(context.errorDescriptor),
});

export type MagicLinkMachine = typeof magicLinkMachine;
