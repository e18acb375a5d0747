// Google One Tap's statechart (spec sections 2 and 4): the oauth product's `mainMachine`, which the root runs as the
// child `main:oauth` while Main shows, with `{ client, config }`; where the prompt renders (if at all), for which
// provider and with which redirect URLs follows from the config.
//
//   prompt: start ─(no placement)→ off
//             ├─(embedded)→ mounting ─ONE_TAP_MOUNTED→ pending     (Google needs its parent node before prompting)
//             └─(floating)────────────────────────────→ pending ─(shown)→ succeeded ─ONE_TAP_CANCELLED→ cancelled
//                                                            └─(not shown / cancelled / project error)──→ cancelled
//   size:   idle ─ONE_TAP_RESIZED (first 2)→ debouncing ─(100 ms)→ idle (height applied)
//                 └─ONE_TAP_RESIZED (later)→ height applied at once
//
// `cancelled` resets the reserved height to 47 px (the embedded area collapses) and, for an error state, sends the
// developer-facing message to the root as a widget error. A credential the service refused goes to the root as an
// error for Main to show (SHOW_ERROR).
import { assign, enqueueActions, sendParent, setup } from 'xstate';
import type { AuthClient, OneTapStartResult } from '../../../client/types.ts';
import type { ResolvedConfig } from '../../config.ts';
import type { OAuthProviderConfig } from './config.ts';
import {
  ONE_TAP_DEBOUNCED_RESIZES,
  ONE_TAP_ERRORS,
  ONE_TAP_RESERVED_HEIGHT_PX,
  ONE_TAP_RESIZE_DEBOUNCE_MS,
  type OneTapError,
} from './constants.ts';
import { createTranslator, type MessageKey } from '../../i18n/index.ts';
import { toErrorDescriptor } from '../kit.ts';
import type { ProductToRootEvent } from '../types.ts';
import { promptOneTap } from './actors.ts';
import { oauthProviders } from './config.ts';
import { browserTraits, oneTapErrorFor, oneTapPlacement } from './rules.ts';
// The developer-facing messages this machine reports are in the product's table.
import './strings.ts';

/** What the root gives a product's Main machine. */
export interface OneTapInput {
  client: AuthClient;
  config: ResolvedConfig;
}

/** What the prompt is started with, from the config. */
export interface OneTapPrompt {
  client: AuthClient;
  placement: 'embedded' | 'floating' | null;
  provider: OAuthProviderConfig | undefined;
  loginRedirectURL?: string;
  signupRedirectURL?: string;
}

export interface OneTapContext extends OneTapPrompt {
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

/** One Tap's developer-facing message for an error state, as a widget error (`error_type` is the state). */
function oneTapWidgetError(error: OneTapError): ProductToRootEvent {
  const host = typeof location === 'undefined' ? '' : location.host;
  return {
    type: 'WIDGET_ERROR',
    detail: { message: createTranslator()(`oneTap.error.${error}` as MessageKey, { host }), error_type: error },
  };
}

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
        event.type === 'ONE_TAP_CANCELLED'
          ? event.reason
          : event.type === 'ONE_TAP_RESULT' && !event.result.success
            ? event.result.reason
            : '';
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
    /** An error state (not a plain cancel) goes to the root, which emits it as a widget error. */
    reportError: enqueueActions(({ context, enqueue }) => {
      if (context.error !== ONE_TAP_ERRORS.none) enqueue.sendParent(oneTapWidgetError(context.error));
    }),
    /** The service's error for the credential goes to the root, which shows it under Main like any failed call. */
    reportSignInFailure: sendParent(
      ({ event }): ProductToRootEvent => ({
        type: 'SHOW_ERROR',
        error: toErrorDescriptor(event.type === 'ONE_TAP_FAILED' ? event.error : undefined),
      }),
    ),
  },
}).createMachine({
  id: 'oneTap',
  type: 'parallel',
  context: ({ input }) => ({
    client: input.client,
    placement: oneTapPlacement(input.config, browserTraits()),
    provider: oauthProviders(input.config)[0],
    loginRedirectURL: input.config.oauthOptions?.loginRedirectURL,
    signupRedirectURL: input.config.oauthOptions?.signupRedirectURL,
    height: ONE_TAP_RESERVED_HEIGHT_PX,
    error: ONE_TAP_ERRORS.none,
    resizes: 0,
    measured: 0,
  }),
  states: {
    prompt: {
      initial: 'start',
      states: {
        start: {
          always: [{ guard: 'off', target: 'off' }, { guard: 'embedded', target: 'mounting' }, { target: 'active' }],
        },
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
