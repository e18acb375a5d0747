// Passkey autofill (spec sections 2 and 5): the passkey product's `mainMachine`, which the root runs as the child
// `main:passkeys` while Main shows, with `{ client, config }`.
//
//   start ─(a session exists: nobody to sign in)→ sessionActive ─(the session ends)→ start
//   checking ─(no email field, or the browser cannot autofill passkeys)→ button  (Main shows the passkey button)
//      └─(it can)→ listening ─(a passkey picked, signed in)→ signedIn: START { signedIn } (Passkey Confirmation)
//                     ├─(NotAllowedError: declined or refused)→ stopped
//                     ├─(another failure, retries left)→ listening again (at most PASSKEY_AUTOFILL_RETRIES times)
//                     └─(no retries left)→ stopped
//
// `listening` is a conditional-mediation request: the browser offers the passkeys among the email field's suggestions
// (`autocomplete="username webauthn"`) and the request settles only when one is picked. The root stops this machine
// when Main is left (another flow started, the passkey button pressed), which aborts the request through the actor's
// signal, so the browser is free for the next ceremony. A service error (a passkey deleted from the account but not
// from the password manager) shows under the field like any failed step, and the request starts again.
import { assign, enqueueActions, fromCallback, sendParent, setup } from 'xstate';
import type { AuthClient } from '../../../client/types.ts';
import type { ResolvedConfig } from '../../config.ts';
import { PASSKEY_AUTOFILL_RETRIES } from './constants.ts';
import { toErrorDescriptor } from '../kit.ts';
import type { ProductToRootEvent } from '../types.ts';
import { authenticatePasskey, browserSupportsAutofill, isNotAllowed, type PasskeySignIn } from './actors.ts';
import { formHasEmailField } from './config.ts';
import type { PasskeyParams } from './machine.ts';

export interface AutofillInput {
  client: AuthClient;
  config: ResolvedConfig;
}

export interface AutofillContext extends AutofillInput {
  /** Requests started again after a failure so far. */
  retries: number;
}

/** What this machine sends the root: the product started straight in Passkey Confirmation, or an error for Main. */
type AutofillToRoot = ProductToRootEvent | { type: 'START'; product: 'passkeys'; params: PasskeyParams };

/** Tells when the session ends (the page's Logout, another tab, expiry). */
const watchSignOut = fromCallback<{ type: 'SIGNED_OUT' }, { client: AuthClient }>(({ input, sendBack }) =>
  input.client.session.onChange((session) => {
    if (!session) sendBack({ type: 'SIGNED_OUT' });
  }),
);

export const passkeyAutofillMachine = setup({
  types: {
    context: {} as AutofillContext,
    input: {} as AutofillInput,
    events: {} as { type: 'SIGNED_OUT' },
  },
  actors: { browserSupportsAutofill, authenticatePasskey, watchSignOut },
  guards: {
    hasSession: ({ context }) => context.client.session.getSync() !== null,
    hasEmailField: ({ context }) => formHasEmailField(context.config),
    supported: ({ event }) => (event as { output?: unknown }).output === true,
    signedIn: ({ event }) => Boolean((event as { output?: unknown }).output),
    notAllowed: ({ event }) => isNotAllowed((event as { error?: unknown }).error),
    retriesLeft: ({ context }) => context.retries < PASSKEY_AUTOFILL_RETRIES,
  },
}).createMachine({
  id: 'passkeyAutofill',
  context: ({ input }) => ({ ...input, retries: 0 }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'hasSession', target: 'sessionActive' },
        { guard: 'hasEmailField', target: 'checking' },
        { target: 'button' },
      ],
    },
    // Signed in (a page that keeps the form mounted behind its dashboard): an autofill request would be a second
    // factor for that user, which is not what the field offers; it starts once the session ends.
    sessionActive: {
      invoke: { src: 'watchSignOut', input: ({ context }) => ({ client: context.client }) },
      on: { SIGNED_OUT: 'start' },
    },
    checking: {
      invoke: {
        src: 'browserSupportsAutofill',
        input: ({ context }) => ({ client: context.client }),
        onDone: [{ guard: 'supported', target: 'listening' }, { target: 'button' }],
        onError: 'button',
      },
    },
    listening: {
      invoke: {
        src: 'authenticatePasskey',
        input: ({ context }) => ({
          client: context.client,
          sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
          conditional: true,
        }),
        onDone: [
          {
            guard: 'signedIn',
            target: 'signedIn',
            actions: sendParent(
              ({ event }) =>
                ({
                  type: 'START',
                  product: 'passkeys',
                  params: { signedIn: event.output as PasskeySignIn },
                }) satisfies AutofillToRoot,
            ),
          },
          // The client found no autofill input or support (it logs why): nothing to retry.
          { target: 'stopped' },
        ],
        onError: [
          { guard: 'notAllowed', target: 'stopped' },
          {
            guard: 'retriesLeft',
            target: 'listening',
            reenter: true,
            actions: [
              assign({ retries: ({ context }) => context.retries + 1 }),
              enqueueActions(({ event, enqueue }) => {
                const error = toErrorDescriptor(event.error);
                // Only the service's refusals are the visitor's business; a ceremony hiccup is simply tried again.
                if (error.errorType) enqueue.sendParent({ type: 'SHOW_ERROR', error } satisfies AutofillToRoot);
              }),
            ],
          },
          { target: 'stopped' },
        ],
      },
    },
    button: {},
    signedIn: {},
    stopped: {},
  },
});

export type PasskeyAutofillMachine = typeof passkeyAutofillMachine;
