// Single sign-on's statechart, run by the root as its child `product`:
//
//   start ─(Main's 'Use single sign-on')→ email (SSODiscovery) ─SUBMIT→ discovering (busy) ─(none)→ none (SSODiscovery)
//     │                                      ↑ BACK                         │                     └─TRY_ANOTHER→ done
//     │                                      └──────────────── connections ←┴─(several)               (BACK: email)
//     │                                                  (SSODiscovery) ─CHOOSE→ starting ←─(one)─┘
//     ├─(a connection handed over by discovery)──────────────────────────→ starting (Loading) ─→ redirecting (Loading)
//     │                                      (the page restored from the browser's cache: restored, Main as it was) ┘
//     │                                                                         └─(refused)→ failed: Error
//     └─(the identity provider's token)→ authenticating (Loading) ─(member)→ signedIn: Success, or the MFA screens
//                                                   └─(refused)→ refused: Error, with the service's message
//
// Started with `{}` (Main's block button), `{ connectionId }` (an organization that admits its members only through
// its single sign-on, picked on Organization discovery) or `{ token, use: 'authenticate' }` (the identity provider sent
// the member back: the record's `urlToken`).
import { assign, sendParent, setup } from 'xstate';
import type { ResolvedConfig } from '../../config.ts';
import { EVENT_TYPES } from '../../events.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import { isValidEmail } from '../../validation.ts';
import { callError, toMain, widgetError, widgetEvent } from '../kit.ts';
import type { SsoActiveConnection } from '../../../api/organizations.ts';
import {
  type ConnectionChosenEvent,
  type EmailFormEvent,
  errorFinal,
  type FirstFactorAnswer,
  type FirstFactorContext,
  firstFactorInvoke,
  reportFirstFactor,
  type SingleSignOnStart,
  signedInFinal,
} from '../organizations.ts';
import type { ProductInput, ProductOutput, ProductScreen, ScreenMeta, UrlTokenParams } from '../types.ts';
import { authenticateSingleSignOn, discoverConnections, startSingleSignOn, watchPageRestore } from './actors.ts';

export type SsoParams = Record<string, never> | SingleSignOnStart | UrlTokenParams;

/** The screens this machine's states name (chunk.ts has each but Main). */
export type SsoScreen = ProductScreen<'SSODiscovery' | 'Loading'>;

export interface SsoContext extends FirstFactorContext {
  /** The address whose domain names the connections (Main's, as typed there, to start with). */
  email: string;
  /** Its domain's connections, once found. */
  connections: SsoActiveConnection[];
  /** The connection the browser goes to. */
  connectionId: string | null;
  /** The identity provider's token the page was opened with, when started with one. */
  token: string | null;
}

export type SsoEvent =
  | EmailFormEvent
  | ConnectionChosenEvent
  | { type: 'TRY_ANOTHER' }
  | { type: 'PAGE_RESTORED' }
  | { type: 'BACK' }
  | { type: 'SESSION_ENDED' }
  | { type: 'CONFIG_CHANGED'; config: ResolvedConfig };

export const ssoMachine = setup({
  types: {
    context: {} as SsoContext,
    events: {} as SsoEvent,
    input: {} as ProductInput<SsoParams>,
    output: {} as ProductOutput,
    meta: {} as ScreenMeta<SsoScreen>,
  },
  actors: { discoverConnections, startSingleSignOn, authenticateSingleSignOn, watchPageRestore },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    hasConnection: ({ context }) => context.connectionId !== null,
    emailInvalid: ({ context }) => !isValidEmail(context.email),
    noConnection: ({ context }) => context.connections.length === 0,
    oneConnection: ({ context }) => context.connections.length === 1,
  },
  actions: {
    setCallError: assign({ errorDescriptor: ({ event }) => callError(event) }),
    clearError: assign({ errorDescriptor: null }),
    reportError: sendParent(({ context }) => widgetError(context.errorDescriptor)),
    reportStart: sendParent(({ context }) =>
      widgetEvent(EVENT_TYPES.B2B_SSO_START, { connection_id: context.connectionId }),
    ),
    setPrimary: assign({ primary: (_, params: FirstFactorAnswer) => params.response }),
    reportFirstFactor: reportFirstFactor(),
  },
}).createMachine({
  id: 'sso',
  context: ({ input }) => ({
    client: input.client,
    config: input.config,
    email: input.formState.email.trim(),
    connections: [],
    connectionId: 'connectionId' in input.params ? input.params.connectionId : null,
    token: 'token' in input.params ? input.params.token : null,
    primary: null,
    errorDescriptor: null,
  }),
  on: { CONFIG_CHANGED: { actions: assign({ config: ({ event }) => event.config }) } },
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'hasToken', target: 'authenticating' },
        { guard: 'hasConnection', target: 'starting' },
        { target: 'email' },
      ],
    },

    email: {
      meta: { screen: 'SSODiscovery' },
      on: {
        EMAIL_CHANGED: { actions: ['clearError', assign({ email: ({ event }) => event.email })] },
        SUBMIT: [
          {
            guard: 'emailInvalid',
            actions: assign({ errorDescriptor: { messageKey: 'validation.emailInvalid' } as ErrorDescriptor }),
          },
          { target: 'discovering', actions: ['clearError', assign({ email: ({ context }) => context.email.trim() })] },
        ],
        BACK: { target: 'done' },
      },
    },
    discovering: {
      meta: { screen: 'SSODiscovery' },
      invoke: {
        src: 'discoverConnections',
        input: ({ context }) => ({ client: context.client, email: context.email }),
        onDone: {
          target: 'sorting',
          actions: [
            assign({ connections: ({ event }) => event.output.connections }),
            sendParent(({ event }) => widgetEvent(EVENT_TYPES.B2B_SSO_DISCOVER_CONNECTIONS, event.output)),
          ],
        },
        onError: { target: 'email', actions: ['setCallError', 'reportError'] },
      },
    },
    // One connection: the browser goes there at once; several: the visitor picks one.
    sorting: {
      always: [
        { guard: 'noConnection', target: 'none' },
        {
          guard: 'oneConnection',
          target: 'starting',
          actions: assign({ connectionId: ({ context }) => context.connections[0]!.connection_id }),
        },
        { target: 'connections' },
      ],
    },
    connections: {
      meta: { screen: 'SSODiscovery' },
      on: {
        CHOOSE: { target: 'starting', actions: assign({ connectionId: ({ event }) => event.connectionId }) },
        BACK: { target: 'email' },
      },
    },
    none: {
      meta: { screen: 'SSODiscovery' },
      on: { TRY_ANOTHER: { target: 'done' }, BACK: { target: 'email' } },
    },

    // The browser leaves for the identity provider; the spinner stays until the page unloads.
    starting: {
      meta: { screen: 'Loading' },
      entry: 'reportStart',
      invoke: {
        src: 'startSingleSignOn',
        input: ({ context }) => ({
          client: context.client,
          connectionId: context.connectionId ?? '',
          options: context.config.ssoOptions,
        }),
        onDone: { target: 'redirecting' },
        onError: { target: 'failed', actions: ['setCallError', 'reportError'] },
      },
    },
    // Back from the identity provider without signing in (the page restored from the browser's cache): Main as it was.
    redirecting: {
      meta: { screen: 'Loading' },
      invoke: { src: 'watchPageRestore' },
      on: { PAGE_RESTORED: { target: 'restored' } },
    },

    // The identity provider sent the member back: its token is the first factor.
    authenticating: {
      meta: { screen: 'Loading' },
      invoke: firstFactorInvoke({
        src: 'authenticateSingleSignOn',
        input: (context: SsoContext) => ({ token: context.token ?? '' }),
        event: 'B2B_SSO_AUTHENTICATE',
        refused: 'failed',
        fromUrl: true,
      }),
    },

    signedIn: signedInFinal,
    failed: errorFinal,
    restored: { type: 'final', output: { to: 'main', resume: true } satisfies ProductOutput },
    done: { type: 'final', output: () => toMain() },
  },
  output: ({ event }) => event.output as ProductOutput,
});

export type SsoMachine = typeof ssoMachine;
