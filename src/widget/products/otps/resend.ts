// The 'Resend code' control of OTP Authenticate as its own small statechart (spec section 4), invoked by the passcode
// machine (machine.ts) while that screen shows:
//
//   initial ─RESEND→ sending ─(sent)→ sent ─(2 s)→ waiting ─RESEND→ sending …
//                        └─(failed)→ initial
//
// It tells its parent about the outcome (OTP_RESENT with the new method_id, or OTP_RESEND_FAILED) so the parent can
// restart the countdown or show the error.
import { sendParent, setup } from 'xstate';
import type { OtpEmailOptionsWire, OtpMethod, OtpSendResponse } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import { RESEND_CONFIRMATION_MS } from './constants.ts';
import { sendOtp } from './actors.ts';

export interface ResendInput {
  client: AuthClient;
  method: OtpMethod;
  destination: string;
  options: OtpEmailOptionsWire;
}

/** What the resend control tells the passcode machine. */
export type ResendOutcome =
  | { type: 'OTP_RESENT'; response: OtpSendResponse }
  | { type: 'OTP_RESEND_FAILED'; error: unknown };

export const resendMachine = setup({
  types: {
    context: {} as ResendInput,
    input: {} as ResendInput,
    events: {} as { type: 'RESEND' },
  },
  actors: { sendOtp },
  delays: { confirmation: RESEND_CONFIRMATION_MS },
}).createMachine({
  id: 'resend',
  context: ({ input }) => input,
  initial: 'initial',
  states: {
    initial: { on: { RESEND: 'sending' } },
    sending: {
      invoke: {
        src: 'sendOtp',
        input: ({ context }) => context,
        onDone: {
          target: 'sent',
          actions: sendParent(({ event }): ResendOutcome => ({ type: 'OTP_RESENT', response: event.output })),
        },
        onError: {
          target: 'initial',
          actions: sendParent(({ event }): ResendOutcome => ({ type: 'OTP_RESEND_FAILED', error: event.error })),
        },
      },
    },
    sent: { after: { confirmation: 'waiting' } },
    waiting: { on: { RESEND: 'sending' } },
  },
});

export type ResendMachine = typeof resendMachine;
