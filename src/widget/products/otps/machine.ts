// The passcode product's statechart (spec sections 2 and 4), run by the root as its child `product`:
//
//   start ─(phone tab)→ validatingPhone (Main, busy) ─(valid, or the 2 s fallback)→ sendingOtp (Main, busy)
//     │                    └─(invalid)→ invalidPhone: Main with 'validation.phoneInvalid'    │      └─(error)→ failed:
//     └─(email, or an address handed over)──────────────────────────────────────────────────→┘      Main with the error
//   sendingOtp ─(sent)→ otpAuthenticate (OTP Authenticate) ─(right code)→ otpConfirmation ─SESSION_ENDED→ done: Main
//                         └─BACK→ done: Main anew
//
//   otpAuthenticate (parallel): code   entering ─(6th digit)→ submitting ─→ otpConfirmation
//                                                    ↑────────(wrong code)──┘
//                               countdown ticking ─(every 1 s … 0)→ expired; OTP_RESENT restarts it
//                               display   formatting ─(library, or 10 s)→ formatted | raw
//                               and the invoked resend control (resend.ts).
//
// Started with `{ tab }` (Continue on a passcode tab of Main: the number or address typed there; the root has already
// checked an address's format) or `{ email }` (a passwordless user handed over by the password product).
import { assign, sendParent, sendTo, setup } from 'xstate';
import { OTP_CODE_LENGTH, type OtpMethod } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import type { ResolvedConfig } from '../../config.ts';
import { EVENT_TYPES } from '../../events.ts';
import { COUNTDOWN_TICK_MS, PHONE_FORMAT_TIMEOUT_MS, PHONE_VALIDATE_TIMEOUT_MS } from './constants.ts';
import type { ErrorDescriptor, FormState } from '../../machine/types.ts';
import { codeEntryStates, phoneCheckStates, toPasscode, validatePhone } from '../../machine/passcode-states.ts';
import { callError, toMain, widgetError, widgetEvent } from '../kit.ts';
import type { ProductInput, ProductOutput, ProductScreen, ScreenMeta } from '../types.ts';
import { authenticateOtp, formatPhone, sendOtp } from './actors.ts';
import { expirationSeconds, otpOptionsFor } from './config.ts';
import { resendMachine, type ResendOutcome } from './resend.ts';

export type OtpParams = { tab: OtpMethod } | { email: string };

/** The screens this machine's states name (chunk.ts has each but Main). */
export type OtpScreen = ProductScreen<'OTPAuthenticate' | 'OTPConfirmation'>;

export interface OtpContext {
  client: AuthClient;
  config: ResolvedConfig;
  /** Main's form as the visitor left it: the number (with its country) to validate. */
  formState: FormState;
  /**
   * Where the passcode goes: the channel, the method id of the send response, and the destination (the trimmed
   * address, or the number in E.164).
   */
  otpState: { type: OtpMethod; methodId: string; otpDestination: string };
  /**
   * OTP Authenticate's own state: the digits typed so far, the seconds until the code expires, and the destination as
   * shown (the number formatted for display once the phone library has answered).
   */
  passcode: { code: string; secondsLeft: number; displayDestination: string };
  errorDescriptor: ErrorDescriptor | null;
}

export type OtpEvent =
  | { type: 'CODE_CHANGED'; code: string }
  | { type: 'RESEND' }
  | { type: 'BACK' }
  | { type: 'SESSION_ENDED' }
  | { type: 'CONFIG_CHANGED'; config: ResolvedConfig }
  | ResendOutcome;

/** The channel and destination the start parameters name; a phone number is known only once validated. */
function destinationAtStart(input: ProductInput<OtpParams>): OtpContext['otpState'] {
  if ('email' in input.params) return { type: 'email', methodId: '', otpDestination: input.params.email };
  const type = input.params.tab;
  return { type, methodId: '', otpDestination: type === 'email' ? input.formState.email.trim() : '' };
}

export const otpMachine = setup({
  types: {
    context: {} as OtpContext,
    events: {} as OtpEvent,
    input: {} as ProductInput<OtpParams>,
    output: {} as ProductOutput,
    meta: {} as ScreenMeta<OtpScreen>,
  },
  actors: { sendOtp, authenticateOtp, validatePhone, formatPhone, resendMachine },
  delays: {
    phoneValidateTimeout: PHONE_VALIDATE_TIMEOUT_MS,
    phoneFormatTimeout: PHONE_FORMAT_TIMEOUT_MS,
    countdownTick: COUNTDOWN_TICK_MS,
  },
  guards: {
    toPhone: ({ context }) => context.otpState.type !== 'email',
    codeComplete: ({ context }) => context.passcode.code.length === OTP_CODE_LENGTH,
    noSecondsLeft: ({ context }) => context.passcode.secondsLeft <= 0,
  },
  actions: {
    setDestination: assign(({ context }, params: { destination: string }) => ({
      otpState: { ...context.otpState, otpDestination: params.destination },
    })),
    setMethodId: assign(({ context }, params: { methodId: string }) => ({
      otpState: { ...context.otpState, methodId: params.methodId },
    })),
    startPasscode: assign(({ context }) => ({
      passcode: {
        code: '',
        secondsLeft: expirationSeconds(context.config),
        displayDestination: context.otpState.otpDestination,
      },
    })),
    /** Changes some of OTP Authenticate's fields. */
    setPasscode: assign(({ context }, params: Partial<OtpContext['passcode']>) => ({
      passcode: { ...context.passcode, ...params },
    })),
    setCode: assign(({ context, event }) => ({
      passcode: {
        ...context.passcode,
        code: event.type === 'CODE_CHANGED' ? toPasscode(event.code, OTP_CODE_LENGTH) : '',
      },
    })),
    clearCode: assign(({ context }) => ({ passcode: { ...context.passcode, code: '' } })),
    setInvalidPhone: assign({ errorDescriptor: { messageKey: 'validation.phoneInvalid' } as ErrorDescriptor }),
    /** The error of a failed invoked call (`xstate.error.actor.*`) or of OTP_RESEND_FAILED. */
    setCallError: assign({ errorDescriptor: ({ event }) => callError(event) }),
    clearError: assign({ errorDescriptor: null }),
    reportError: sendParent(({ context }) => widgetError(context.errorDescriptor)),
    /** The right code's answer, to the root. */
    reportAuthenticated: sendParent((_, params: { response: unknown }) =>
      widgetEvent(EVENT_TYPES.OTP_AUTHENTICATE, params.response),
    ),
    forwardResend: sendTo('resend', { type: 'RESEND' }),
  },
}).createMachine({
  id: 'otps',
  context: ({ input }) => ({
    client: input.client,
    config: input.config,
    formState: input.formState,
    otpState: destinationAtStart(input),
    passcode: { code: '', secondsLeft: 0, displayDestination: '' },
    errorDescriptor: null,
  }),
  on: { CONFIG_CHANGED: { actions: assign({ config: ({ event }) => event.config }) } },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'toPhone', target: 'validatingPhone' }, { target: 'sendingOtp' }],
    },
    // The phone library decides; if it has not answered within 2 s (or failed to load), the fallback does.
    ...phoneCheckStates('Main', (context: OtpContext) => context.formState, {
      valid: 'sendingOtp',
      invalid: 'invalidPhone',
    }),
    sendingOtp: {
      meta: { screen: 'Main' },
      invoke: {
        src: 'sendOtp',
        input: ({ context }) => ({
          client: context.client,
          method: context.otpState.type,
          destination: context.otpState.otpDestination,
          options: otpOptionsFor(context.config, context.otpState.type),
        }),
        onDone: {
          target: 'otpAuthenticate',
          actions: [
            { type: 'setMethodId', params: ({ event }) => ({ methodId: event.output.method_id }) },
            sendParent(({ event }) => widgetEvent(EVENT_TYPES.OTP_LOGIN_OR_CREATE, event.output)),
          ],
        },
        onError: { target: 'failed', actions: ['setCallError', 'reportError'] },
      },
    },

    otpAuthenticate: {
      type: 'parallel',
      meta: { screen: 'OTPAuthenticate' },
      entry: 'startPasscode',
      exit: 'clearError',
      invoke: {
        id: 'resend',
        src: 'resendMachine',
        input: ({ context }) => ({
          client: context.client,
          method: context.otpState.type,
          destination: context.otpState.otpDestination,
          options: otpOptionsFor(context.config, context.otpState.type),
        }),
      },
      on: {
        BACK: { target: 'done' },
        RESEND: { actions: 'forwardResend' },
        OTP_RESEND_FAILED: { actions: ['setCallError', 'reportError'] },
      },
      states: {
        code: codeEntryStates(
          'authenticateOtp',
          ({ context }: { context: OtpContext }) => ({
            client: context.client,
            code: context.passcode.code,
            methodId: context.otpState.methodId,
            sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
          }),
          {
            target: '#otps.otpConfirmation',
            actions: {
              type: 'reportAuthenticated' as const,
              params: ({ event }: { event: { output: unknown } }) => ({ response: event.output }),
            },
          },
        ),
        countdown: {
          initial: 'ticking',
          // A new code (from the resend control) has the full lifetime again, and a new method id if it changed.
          on: {
            OTP_RESENT: {
              target: '.ticking',
              reenter: true,
              actions: [
                { type: 'setMethodId', params: ({ event }) => ({ methodId: event.response.method_id }) },
                { type: 'setPasscode', params: ({ context }) => ({ secondsLeft: expirationSeconds(context.config) }) },
                'clearError',
                sendParent(({ event }) => widgetEvent(EVENT_TYPES.OTP_LOGIN_OR_CREATE, event.response)),
              ],
            },
          },
          states: {
            ticking: {
              always: { guard: 'noSecondsLeft', target: 'expired' },
              after: {
                countdownTick: {
                  target: 'ticking',
                  reenter: true,
                  actions: {
                    type: 'setPasscode',
                    params: ({ context }) => ({ secondsLeft: context.passcode.secondsLeft - 1 }),
                  },
                },
              },
            },
            expired: {},
          },
        },
        // Phone numbers are shown formatted once the phone library answers; after 10 s the raw E.164 number stays.
        // (An address is shown as it is, at once.)
        display: {
          initial: 'formatting',
          states: {
            formatting: {
              invoke: {
                src: 'formatPhone',
                input: ({ context }) => ({ destination: context.otpState.otpDestination }),
                onDone: {
                  target: 'formatted',
                  actions: { type: 'setPasscode', params: ({ event }) => ({ displayDestination: event.output }) },
                },
                onError: { target: 'raw' },
              },
              after: { phoneFormatTimeout: { target: 'raw' } },
            },
            formatted: {},
            raw: {},
          },
        },
      },
    },

    // Signed in: the flow is complete (once, on entry); the confirmation stays until the session ends.
    otpConfirmation: {
      meta: { screen: 'OTPConfirmation' },
      entry: sendParent(widgetEvent(EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE, {})),
      on: { SESSION_ENDED: { target: 'done' } },
    },

    done: { type: 'final' },
    invalidPhone: { type: 'final' },
    failed: { type: 'final' },
  },
  // Back, or the session ended: Main anew. An invalid number or a failed send: Main with the error under the field.
  output: ({ context }) => toMain(context.errorDescriptor),
});

export type OtpMachine = typeof otpMachine;
