// The states of a product that signs in with the redirect token the page was opened with (its record's `urlToken`
// with use `authenticate`: a magic link, a social provider's redirect back), written once and spread into that
// product machine's `states`:
//
//   authenticating (Loading) ─(signed in)→ signedIn: Success
//          └─(refused)→ refused: Error, with the service's message
//
// The token leaves the address bar once answered, whatever the answer.
//
// XState types an action made by `assign` or `sendParent` by the snapshot of the machine it runs in, so one made here,
// outside any `setup`, fits no product's machine. The states therefore hold only plain functions and names, and the
// product's `setup` provides what the names stand for, checked by tsc where the states are spread: the actor
// `authenticateUrlToken` (its call, input UrlTokenSignInInput) and the action `reportUrlTokenSignIn` (its widget
// event, made with reportUrlTokenSignIn). Its screens must include 'Loading' (its `meta` type makes tsc say so).
import { sendParent, type EventObject, type MachineContext } from 'xstate';
import type { AuthClient } from '../../client/types.ts';
import type { ResolvedConfig } from '../config.ts';
import type { WidgetEventType } from '../events.ts';
import { callError, widgetEvent } from '../products/kit.ts';
import type { ProductOutput, ProductToRootEvent } from '../products/types.ts';
import { removeTokenFromUrl } from './url-token.ts';

/** What the states read of the product's context. */
export interface UrlTokenContext {
  client: AuthClient;
  config: ResolvedConfig;
  /** The token the page was opened with; null when the product was started otherwise. */
  token: string | null;
}

/** The input of the product's call that signs in with the token (its actor `authenticateUrlToken`). */
export interface UrlTokenSignInInput {
  client: AuthClient;
  token: string;
  sessionDurationMinutes: number;
}

/** The params of the product's `reportUrlTokenSignIn` action: what its call answered. */
export interface UrlTokenSignedIn {
  response: unknown;
}

/**
 * The product's `reportUrlTokenSignIn` action: its widget event for a sign-in with the token, with the call's answer,
 * sent to the root. Called as the value of that key where the product's `setup` lists its actions, which gives it
 * that machine's types (spread from another object, it would not get them).
 */
export function reportUrlTokenSignIn<TContext extends MachineContext, TEvent extends EventObject>(
  eventType: WidgetEventType,
) {
  return sendParent<TContext, TEvent, UrlTokenSignedIn, ProductToRootEvent, TEvent>((_, params) =>
    widgetEvent(eventType, params.response),
  );
}

/** The states, spread into the product machine's `states`; its `start` goes to `authenticating` when it has a token. */
export const urlTokenStates = {
  authenticating: {
    meta: { screen: 'Loading' },
    invoke: {
      src: 'authenticateUrlToken',
      input: ({ context }: { context: UrlTokenContext }): UrlTokenSignInInput => ({
        client: context.client,
        token: context.token ?? '',
        sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
      }),
      onDone: {
        target: 'signedIn',
        actions: [
          removeTokenFromUrl,
          {
            type: 'reportUrlTokenSignIn',
            params: ({ event }: { event: { output: unknown } }): UrlTokenSignedIn => ({ response: event.output }),
          },
        ],
      },
      onError: { target: 'refused', actions: removeTokenFromUrl },
    },
  },
  signedIn: { type: 'final', output: { to: 'success' } },
  // A final state's output is given the event that entered it: here the refused call's error.
  refused: {
    type: 'final',
    output: ({ event }: { event: unknown }): ProductOutput => ({ to: 'error', error: callError(event) }),
  },
} as const;
