// Google One Tap's statechart (spec sections 2 and 4), invoked by Main as the child `oneTap`.
//
//   prompt: start ─(no placement)→ off
//             ├─(embedded)→ mounting ─ONE_TAP_MOUNTED→ pending     (Google needs its parent node before prompting)
//             └─(floating)────────────────────────────→ pending ─(shown)→ succeeded ─ONE_TAP_CANCELLED→ cancelled
//                                                            └─(not shown / cancelled / project error)──→ cancelled
//   size:   idle ─ONE_TAP_RESIZED (first 2)→ debouncing ─(100 ms)→ idle (height applied)
//                 └─ONE_TAP_RESIZED (later)→ height applied at once
//
// `cancelled` resets the reserved height to 47 px (the embedded area collapses) and, for an error state, reports the
// developer-facing message to the parent, which emits it as a widget error.
import { assign, enqueueActions, fromCallback, sendParent, setup } from 'xstate';
import type { AuthClient, OneTapStartResult } from '../../client/types.ts';
import type { OAuthProviderConfig } from '../config.ts';
import {
  ONE_TAP_DEBOUNCED_RESIZES,
  ONE_TAP_ERRORS,
  ONE_TAP_PARENT_ID,
  ONE_TAP_RESERVED_HEIGHT_PX,
  ONE_TAP_RESIZE_DEBOUNCE_MS,
  type OneTapError,
} from '../constants.ts';
import { oneTapErrorFor } from '../oauth.ts';

export interface OneTapInput {
  client: AuthClient;
  placement: 'embedded' | 'floating' | null;
  provider: OAuthProviderConfig | undefined;
  loginRedirectURL?: string;
  signupRedirectURL?: string;
}

export interface OneTapContext extends OneTapInput {
  /** The height the embedded area keeps, in px. */
  height: number;
  error: OneTapError;
  /** Resizes seen so far, and the newest measured height. */
  resizes: number;
  measured: number;
}

export type OneTapEvent =
  | { type: 'ONE_TAP_MOUNTED' }
  | { type: 'ONE_TAP_RESULT'; result: OneTapStartResult }
  | { type: 'ONE_TAP_CANCELLED'; reason: string }
  | { type: 'ONE_TAP_RESIZED'; height: number }
  /** Google returned a credential but the service refused it (or could not be reached). */
  | { type: 'ONE_TAP_FAILED'; error: unknown };

/** Starts the prompt through the client and reports what happens to it; closes it when the state is left. */
export const promptOneTap = fromCallback<OneTapEvent, OneTapInput>(({ input, sendBack }) => {
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

export const oneTapMachine = setup({
  types: {
    context: {} as OneTapContext,
    events: {} as OneTapEvent,
    input: {} as OneTapInput,
  },
  actors: { promptOneTap },
  delays: { resizeDebounce: ONE_TAP_RESIZE_DEBOUNCE_MS },
  guards: {
    off: ({ context }) => context.placement === null,
    embedded: ({ context }) => context.placement === 'embedded',
    shown: ({ event }) => event.type === 'ONE_TAP_RESULT' && event.result.success,
    debounced: ({ context }) => context.resizes < ONE_TAP_DEBOUNCED_RESIZES,
  },
  actions: {
    setErrorFromReason: assign(({ event, context }) => {
      const reason =
        event.type === 'ONE_TAP_CANCELLED' ? event.reason : event.type === 'ONE_TAP_RESULT' && !event.result.success ? event.result.reason : '';
      const error = oneTapErrorFor(reason);
      return { error: error === ONE_TAP_ERRORS.none ? context.error : error };
    }),
    measure: assign(({ event, context }) => ({
      measured: event.type === 'ONE_TAP_RESIZED' ? event.height : context.measured,
      resizes: context.resizes + (event.type === 'ONE_TAP_RESIZED' ? 1 : 0),
    })),
    /** A height of 0 means the prompt is going away: keep the current height unless One Tap can no longer show. */
    applyHeight: assign(({ context }) => ({
      height: context.measured === 0 ? context.height : context.measured,
    })),
    resetHeight: assign({ height: ONE_TAP_RESERVED_HEIGHT_PX }),
    /** An error state (not a plain cancel) is reported to the parent, which emits it as a widget error. */
    reportError: enqueueActions(({ context, enqueue }) => {
      if (context.error !== ONE_TAP_ERRORS.none) enqueue.sendParent({ type: 'ONE_TAP_ERROR', error: context.error });
    }),
    /** The service's error for the credential goes to the parent, which shows it like any failed call. */
    reportSignInFailure: sendParent(({ event }) => ({
      type: 'ONE_TAP_SIGN_IN_FAILED',
      error: event.type === 'ONE_TAP_FAILED' ? event.error : undefined,
    })),
  },
}).createMachine({
  id: 'oneTap',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    height: ONE_TAP_RESERVED_HEIGHT_PX,
    error: ONE_TAP_ERRORS.none,
    resizes: 0,
    measured: 0,
  }),
  states: {
    prompt: {
      initial: 'start',
      states: {
        start: { always: [{ guard: 'off', target: 'off' }, { guard: 'embedded', target: 'mounting' }, { target: 'active' }] },
        off: {},
        mounting: { on: { ONE_TAP_MOUNTED: 'active' } },
        active: {
          invoke: { src: 'promptOneTap', input: ({ context }) => context },
          initial: 'pending',
          on: {
            ONE_TAP_CANCELLED: { target: 'cancelled', actions: 'setErrorFromReason' },
            ONE_TAP_FAILED: { target: 'cancelled', actions: 'reportSignInFailure' },
          },
          states: {
            pending: {
              on: {
                ONE_TAP_RESULT: [
                  { guard: 'shown', target: 'succeeded' },
                  { target: '#oneTap.prompt.cancelled', actions: 'setErrorFromReason' },
                ],
              },
            },
            succeeded: {},
          },
        },
        cancelled: {
          entry: ['resetHeight', 'reportError'],
        },
      },
    },
    size: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            ONE_TAP_RESIZED: [
              { guard: 'debounced', target: 'debouncing', actions: 'measure' },
              { actions: ['measure', 'applyHeight'] },
            ],
          },
        },
        debouncing: {
          after: { resizeDebounce: { target: 'idle', actions: 'applyHeight' } },
          on: {
            ONE_TAP_RESIZED: [
              { guard: 'debounced', target: 'debouncing', reenter: true, actions: 'measure' },
              { target: 'idle', actions: ['measure', 'applyHeight'] },
            ],
          },
        },
      },
    },
  },
});

export type OneTapMachine = typeof oneTapMachine;
