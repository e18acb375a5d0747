// The states every product that sends a passcode shares, written once and spread into that product machine's
// `states` (or a region's):
//
//   phoneCheckStates:  validatingPhone (busy) ─(valid, or the fallback after `phoneValidateTimeout`)→ `valid`
//                           └─(invalid)→ `invalid`, with 'validation.phoneInvalid'
//   codeEntryStates:   entering ─(6th digit)→ submitting ─(right code)→ the product's `done` transition
//                         ↑─────(wrong code: the field emptied, the error shown)──┘
//
// XState types an action made by `assign` or `sendParent` by the snapshot of the machine it runs in, so one made here,
// outside any `setup`, fits no product's machine (machine/url-token-states.ts says the same). The states therefore
// hold only plain functions and names, and the product's `setup` provides what the names stand for, checked by tsc
// where the states are spread: the actor `validatePhone` (exported here), the delay `phoneValidateTimeout`, the
// actions `setDestination` (params `{ destination }`), `setInvalidPhone`, `setCode` (the CODE_CHANGED event's digits,
// through toPasscode), `clearCode`, `clearError`, `setCallError` and `reportError`, and the guard `codeComplete`.
import { fromPromise } from 'xstate';
import { fallbackE164, loadPhoneLibrary } from '../phone.ts';

/** The first `length` digits of what was typed or pasted ('123 456', 'code: 123456' → '123456'). */
export function toPasscode(text: string, length: number): string {
  return text.replace(/[^0-9]/g, '').slice(0, length);
}

/** The E.164 form of the typed number by the phone library, or null when it is not a valid number. */
export const validatePhone = fromPromise<string | null, { phone: string; country: string }>(async ({ input }) =>
  (await loadPhoneLibrary()).validatePhone(input.phone, input.country),
);

/** The number as the visitor typed it, with the country picked and its calling code. */
export interface TypedPhone {
  phone: string;
  country: string;
  callingCode: string;
}

/**
 * The number's check, of the number `phoneOf` reads: the phone library decides; if it has not answered within
 * `phoneValidateTimeout` (or failed to load), the fallback does (the calling code plus digits). A valid number goes
 * to `to.valid` with `setDestination`; an invalid one to `to.invalid` with `setInvalidPhone`. Both states show
 * `screen`.
 */
export function phoneCheckStates<TContext, TScreen extends string>(
  screen: TScreen,
  phoneOf: (context: TContext) => TypedPhone,
  to: { valid: string; invalid: string },
) {
  const { valid, invalid } = to;
  const fallback = (context: TContext) => {
    const typed = phoneOf(context);
    return fallbackE164(typed.phone, typed.callingCode);
  };
  return {
    validatingPhone: {
      meta: { screen },
      invoke: {
        src: 'validatePhone',
        input: ({ context }: { context: TContext }) => {
          const typed = phoneOf(context);
          return { phone: typed.phone, country: typed.country };
        },
        onDone: [
          {
            guard: ({ event }: { event: { output: unknown } }) => typeof event.output === 'string',
            target: valid,
            actions: {
              type: 'setDestination',
              params: ({ event }: { event: { output: unknown } }) => ({ destination: String(event.output) }),
            },
          },
          { target: invalid, actions: 'setInvalidPhone' },
        ],
        onError: { target: 'phoneFallback' },
      },
      after: { phoneValidateTimeout: { target: 'phoneFallback' } },
    },
    phoneFallback: {
      meta: { screen },
      always: [
        {
          guard: ({ context }: { context: TContext }) => fallback(context) !== null,
          target: valid,
          actions: {
            type: 'setDestination',
            params: ({ context }: { context: TContext }) => ({ destination: fallback(context) ?? '' }),
          },
        },
        { target: invalid, actions: 'setInvalidPhone' },
      ],
    },
  } as const;
}

/**
 * A six-digit code's region: typing (`setCode`), the sixth digit submits it to the actor `src` with `input`; a right
 * one takes the `done` transition, a wrong one empties the field and shows (and reports) the error.
 */
export function codeEntryStates<TSrc extends string, TInput, TDone>(src: TSrc, input: TInput, done: TDone) {
  return {
    initial: 'entering',
    states: {
      entering: { on: { CODE_CHANGED: { target: 'checking', actions: ['setCode', 'clearError'] } } },
      checking: { always: [{ guard: 'codeComplete', target: 'submitting' }, { target: 'entering' }] },
      submitting: {
        invoke: {
          src,
          input,
          onDone: done,
          onError: { target: 'entering', actions: ['clearCode', 'setCallError', 'reportError'] },
        },
      },
    },
  } as const;
}
