// One row of Passkey Registration Success (spec sections 2 and 4): a passkey the user can rename or delete. Each row
// is a small statechart of its own, spawned by the product's machine for each registration of users/me:
//
//   viewing ─EDIT→ editing.typing ─SAVE→ editing.saving ─(renamed)→ viewing (the new name)
//      │              └─CANCEL→ viewing              └─(error)→ viewing, as before, + ROW_FAILED (error toast)
//      └─DELETE→ deleting.confirming ─CONFIRM→ deleting.removing ─(deleted)→ removed + ROW_REMOVED
//                      └─CANCEL→ viewing                    └─(error)→ viewing, as before, + ROW_FAILED
import { assign, sendParent, setup } from 'xstate';
import type { WebAuthnRegistration } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import { deletePasskey, renamePasskey, rowError } from './actors.ts';

export interface RowInput {
  client: AuthClient;
  registration: WebAuthnRegistration;
}

export interface RowContext extends RowInput {
  /** The name being saved (shown in the field while the rename runs). */
  draft: string;
}

export type RowEvent =
  | { type: 'EDIT' }
  | { type: 'SAVE'; name: string }
  | { type: 'DELETE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

/** What a row tells the product's machine. */
export type RowToParentEvent = { type: 'ROW_FAILED'; error: ErrorDescriptor } | { type: 'ROW_REMOVED'; id: string };

export const passkeyRowMachine = setup({
  types: {
    context: {} as RowContext,
    events: {} as RowEvent,
    input: {} as RowInput,
  },
  actors: { renamePasskey, deletePasskey },
  guards: {
    /** A blank name is not sent: the service would refuse it, and the row would only come back as it was. */
    named: ({ event }) => event.type === 'SAVE' && event.name.trim().length > 0,
  },
  actions: {
    reportFailure: sendParent(
      (_, params: { error: unknown }) =>
        ({ type: 'ROW_FAILED', error: rowError(params.error) }) satisfies RowToParentEvent,
    ),
  },
}).createMachine({
  id: 'passkeyRow',
  context: ({ input }) => ({ ...input, draft: input.registration.name }),
  initial: 'viewing',
  states: {
    viewing: {
      on: { EDIT: 'editing', DELETE: 'deleting' },
    },
    editing: {
      initial: 'typing',
      states: {
        typing: {
          on: {
            SAVE: { guard: 'named', target: 'saving', actions: assign({ draft: ({ event }) => event.name.trim() }) },
            CANCEL: '#passkeyRow.viewing',
          },
        },
        saving: {
          invoke: {
            src: 'renamePasskey',
            input: ({ context }) => ({
              client: context.client,
              id: context.registration.webauthn_registration_id,
              name: context.draft,
            }),
            onDone: { target: '#passkeyRow.viewing', actions: assign({ registration: ({ event }) => event.output }) },
            // The row comes back as it was (its old name), and the product shows the error toast.
            onError: {
              target: '#passkeyRow.viewing',
              actions: [
                assign({ draft: ({ context }) => context.registration.name }),
                { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
    deleting: {
      initial: 'confirming',
      states: {
        confirming: {
          on: { CONFIRM: 'removing', CANCEL: '#passkeyRow.viewing' },
        },
        removing: {
          invoke: {
            src: 'deletePasskey',
            input: ({ context }) => ({ client: context.client, id: context.registration.webauthn_registration_id }),
            onDone: {
              target: '#passkeyRow.removed',
              actions: sendParent(
                ({ context }) =>
                  ({
                    type: 'ROW_REMOVED',
                    id: context.registration.webauthn_registration_id,
                  }) satisfies RowToParentEvent,
              ),
            },
            onError: {
              target: '#passkeyRow.viewing',
              actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    removed: { type: 'final' },
  },
});

export type PasskeyRowMachine = typeof passkeyRowMachine;
