// The passkey product's statechart (spec sections 2, 4 and 8), run by the root as its child `product`:
//
//   sign-in (Main's button, START {}):      authenticating (Main, busy) ─(signed in)→ signedIn (Passkey Confirmation)
//                                                └─(error)→ failed: Main with the passkey message
//   sign-in (autofill, START {signedIn}):   signedIn (Passkey Confirmation) ─SESSION_ENDED→ done: Main anew
//   registration (mode, START {mode}):      loadingUser ─(no user)→ noUser: the Error screen, 'Error: Cannot use …'
//        └─(user)→ register (Register New Passkey) ─CREATE→ creating ─(created)→ registered ─DONE→ finished: Success
//                       │      └─SKIP──────────────────────────────────────────→ (Passkey Registration Success)
//                       └──────────────────── SET_UP_ANOTHER ←──────────────────────┘
//
// Passkey Registration Success lists the user's passkeys (users/me); each row is a child statechart (row.ts) that
// renames or deletes its passkey and, on failure, comes back as it was and asks for the error toast (ROW_FAILED).
// Every passkey error also goes to the root as a widget error (spec section 8).
import { assign, enqueueActions, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { WebAuthnRegistration } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import type { Mode, ResolvedConfig } from '../../config.ts';
import { EVENT_TYPES } from '../../events.ts';
import { PASSKEY_REGISTRATION_MODE } from './constants.ts';
import { createTranslator } from '../../i18n/index.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import { toastsMachine } from '../../ui/toasts.ts';
import { toMain, widgetError, widgetEvent } from '../kit.ts';
import type { ProductInput, ProductOutput, ProductScreen, ScreenMeta } from '../types.ts';
import {
  authenticateError,
  authenticatePasskey,
  loadRegistrations,
  loadUser,
  registerError,
  registerPasskey,
  rowError,
  type PasskeySignIn,
} from './actors.ts';
import { passkeyRowMachine, type RowToParentEvent } from './row.ts';

/**
 * What starts the product: `{}` (Main's passkey button: the product runs the ceremony), `{ signedIn }` (Main's
 * autofill already signed in: straight to Passkey Confirmation), `{ mode }` (the element's passkey-registration mode).
 */
export type PasskeyParams = Record<string, never> | { signedIn: PasskeySignIn } | { mode: Mode };

/** The screens this machine's states name (chunk.ts has each but Main). */
export type PasskeyScreen = ProductScreen<'PasskeyConfirmation' | 'RegisterNewPasskey' | 'PasskeyRegistrationSuccess'>;

export interface PasskeyRow {
  id: string;
  ref: ActorRefFrom<typeof passkeyRowMachine>;
}

export interface PasskeyContext {
  client: AuthClient;
  config: ResolvedConfig;
  params: PasskeyParams;
  /** The sign-in's response, for PASSKEY_AUTHENTICATE. */
  signedIn: PasskeySignIn | null;
  /** The error of the step that failed: under Main's field, on Register New Passkey. */
  errorDescriptor: ErrorDescriptor | null;
  /** The passkeys of Passkey Registration Success, one child statechart each. */
  rows: PasskeyRow[];
}

export type PasskeyEvent =
  | { type: 'CREATE' }
  | { type: 'SKIP' }
  | { type: 'SET_UP_ANOTHER' }
  | { type: 'DONE' }
  | { type: 'SESSION_ENDED' }
  | { type: 'CONFIG_CHANGED'; config: ResolvedConfig }
  | RowToParentEvent;

/** The toast stack's child id (Passkey Registration Success renders it). */
export const PASSKEY_TOASTS_ID = 'toasts';

/** The rows' child ids: one per registration. */
const rowId = (registration: WebAuthnRegistration) => `row:${registration.webauthn_registration_id}`;

const NO_ACTIVE_USER: ErrorDescriptor = { messageKey: 'passkey.noActiveUser' };

export const passkeyMachine = setup({
  types: {
    context: {} as PasskeyContext,
    events: {} as PasskeyEvent,
    input: {} as ProductInput<PasskeyParams>,
    output: {} as ProductOutput,
    meta: {} as ScreenMeta<PasskeyScreen>,
  },
  actors: { authenticatePasskey, registerPasskey, loadUser, loadRegistrations, passkeyRowMachine, toastsMachine },
  guards: {
    signedInAlready: ({ context }) => 'signedIn' in context.params,
    registration: ({ context }) => 'mode' in context.params && context.params.mode === PASSKEY_REGISTRATION_MODE,
    hasOutput: ({ event }) => Boolean((event as { output?: unknown }).output),
  },
  actions: {
    reportError: sendParent(({ context }) => widgetError(context.errorDescriptor)),
    showToast: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'ROW_FAILED') return;
      enqueue.sendTo(PASSKEY_TOASTS_ID, { type: 'SHOW', kind: 'error', content: event.error });
      enqueue.sendParent(widgetError(event.error));
    }),
    stopRows: enqueueActions(({ context, enqueue }) => {
      for (const row of context.rows) enqueue.stopChild(row.ref);
      enqueue.assign({ rows: [] });
    }),
  },
}).createMachine({
  id: 'passkeys',
  context: ({ input }) => ({
    client: input.client,
    config: input.config,
    params: input.params ?? {},
    signedIn: input.params && 'signedIn' in input.params ? input.params.signedIn : null,
    errorDescriptor: null,
    rows: [],
  }),
  on: { CONFIG_CHANGED: { actions: assign({ config: ({ event }) => event.config }) } },
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'signedInAlready', target: 'signedIn' },
        { guard: 'registration', target: 'loadingUser' },
        { target: 'authenticating' },
      ],
    },

    // Main's button: the browser's passkey dialog shows over Main, which stays busy.
    authenticating: {
      meta: { screen: 'Main' },
      invoke: {
        src: 'authenticatePasskey',
        input: ({ context }) => ({
          client: context.client,
          sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
          conditional: false,
        }),
        onDone: [
          { guard: 'hasOutput', target: 'signedIn', actions: assign({ signedIn: ({ event }) => event.output }) },
          // A modal ceremony always answers; nothing at all is a failure the visitor cannot act on but to try again.
          { target: 'failed', actions: [assign({ errorDescriptor: () => authenticateError(null) }), 'reportError'] },
        ],
        onError: {
          target: 'failed',
          actions: [assign({ errorDescriptor: ({ event }) => authenticateError(event.error) }), 'reportError'],
        },
      },
    },

    // Signed in (button or autofill): the flow is complete (once, on entry); the confirmation stays until the session
    // ends.
    signedIn: {
      meta: { screen: 'PasskeyConfirmation' },
      entry: [
        sendParent(({ context }) => widgetEvent(EVENT_TYPES.PASSKEY_AUTHENTICATE, context.signedIn)),
        sendParent(widgetEvent(EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE, {})),
      ],
      on: { SESSION_ENDED: 'done' },
    },

    // The registration component starts with the signed-in user; Register New Passkey shows busy meanwhile.
    loadingUser: {
      meta: { screen: 'RegisterNewPasskey' },
      invoke: {
        src: 'loadUser',
        input: ({ context }) => ({ client: context.client }),
        onDone: [{ guard: 'hasOutput', target: 'register' }, { target: 'noUser' }],
        onError: 'noUser',
      },
    },

    register: {
      meta: { screen: 'RegisterNewPasskey' },
      on: { SESSION_ENDED: 'noUser' },
      initial: 'idle',
      states: {
        idle: {
          on: {
            CREATE: 'creating',
            SKIP: { target: '#passkeys.registered', actions: sendParent(widgetEvent(EVENT_TYPES.PASSKEY_SKIP, {})) },
          },
        },
        creating: {
          entry: assign({ errorDescriptor: null }),
          invoke: {
            src: 'registerPasskey',
            input: ({ context }) => ({
              client: context.client,
              sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
            }),
            onDone: {
              target: '#passkeys.registered',
              actions: sendParent(({ event }) => widgetEvent(EVENT_TYPES.PASSKEY_REGISTER, event.output)),
            },
            onError: {
              target: 'idle',
              actions: [assign({ errorDescriptor: ({ event }) => registerError(event.error) }), 'reportError'],
            },
          },
        },
      },
    },

    // Passkey Registration Success: the list (fresh from users/me) and the toast stack for failed renames and deletes.
    registered: {
      meta: { screen: 'PasskeyRegistrationSuccess' },
      type: 'parallel',
      exit: 'stopRows',
      invoke: { id: PASSKEY_TOASTS_ID, src: 'toastsMachine' },
      on: {
        ROW_FAILED: { actions: 'showToast' },
        SET_UP_ANOTHER: { target: 'register' },
        DONE: { target: 'finished', actions: sendParent(widgetEvent(EVENT_TYPES.PASSKEY_DONE, {})) },
        SESSION_ENDED: 'noUser',
      },
      states: {
        list: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadRegistrations',
                input: ({ context }) => ({ client: context.client }),
                onDone: {
                  target: 'ready',
                  actions: assign({
                    rows: ({ event, spawn, context }) =>
                      event.output.map((registration) => ({
                        id: registration.webauthn_registration_id,
                        ref: spawn('passkeyRowMachine', {
                          id: rowId(registration),
                          input: { client: context.client, registration },
                        }),
                      })),
                  }),
                },
                onError: {
                  target: 'ready',
                  actions: sendParent(({ event }) => widgetError(rowError(event.error))),
                },
              },
            },
            ready: {
              on: {
                ROW_REMOVED: {
                  actions: enqueueActions(({ context, event, enqueue }) => {
                    const row = context.rows.find((r) => r.id === event.id);
                    if (row) enqueue.stopChild(row.ref);
                    enqueue.assign({ rows: context.rows.filter((r) => r.id !== event.id) });
                  }),
                },
              },
            },
          },
        },
      },
    },

    // The registration component without a signed-in user: the Error screen with the spec's text (the root reports it).
    noUser: {
      type: 'final',
      output: (): ProductOutput => ({
        to: 'error',
        error: { ...NO_ACTIVE_USER, message: createTranslator()('passkey.noActiveUser') },
      }),
    },
    // Done: the flow is complete (spec section 2).
    finished: { type: 'final', output: { to: 'success' } satisfies ProductOutput },
    // A failed sign-in: Main with its message under the field.
    failed: { type: 'final', output: ({ context }: { context: PasskeyContext }) => toMain(context.errorDescriptor) },
    // The session ended after Passkey Confirmation: Main anew.
    done: { type: 'final', output: toMain() },
  },
  // The output of the final state reached.
  output: ({ event }) => (event as unknown as { output: ProductOutput }).output,
});

export type PasskeyMachine = typeof passkeyMachine;
