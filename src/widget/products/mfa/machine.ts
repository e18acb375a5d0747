// The organization MFA screens' statechart, run by the root as its child `product` when a first factor (an
// organization picked or created on discovery, a single sign-on) leaves a second one to do:
//
//   start ─(an enrolled factor: TOTP)→ totpEntry (TOTP) ─(right code)→ signedIn: Success
//     │                                   ├─USE_RECOVERY_CODE→ recoveryEntry (RecoveryCodes) ─SUBMIT→ recovering
//     │                                   │                         └─BACK→ totpEntry          └─(right)→ signedIn
//     │                                   └─USE_SMS (also enrolled)→ smsSending
//     ├─(an enrolled factor: SMS)→ smsSending (SMSOTP, busy) ─→ smsCode (SMSOTP) ─(right code)→ signedIn
//     │     (a passcode the first factor already sent: smsCode at once)   └─USE_TOTP (also enrolled)→ totpEntry
//     └─(none: enrollment)→ choosing (MFAEnrollment) ─CHOOSE totp→ totpCreating (TOTP) ─→ totpEnroll (TOTP: the QR
//            (one factor offered: straight to it)      │          code, the secret, the code) ─(right code)→
//                                                      │          recoveryCodes (RecoveryCodes, shown once) ─DONE→
//                                                      │                                                  signedIn
//                                                      └─CHOOSE smsOtp→ smsPhone (SMSOTP: the number) ─SUBMIT_PHONE→
//                                                             validatingPhone ─(valid, or the 2 s fallback)→
//                                                             smsSending ─→ smsCode ─(right code)→ signedIn
//
//   BACK goes one step back (enrollment: to the factors offered), or from the first screen to Main anew. A code's
//   states (entering, checking, submitting) and the clipboard's (idle, copying, copied, copyFailed) are regions of
//   the screens that have them.
//
// Started with `{ primary }`: the first factor's answer (products/organizations.ts), whose intermediate session the
// client keeps and sends with these calls.
import { assign, sendParent, setup } from 'xstate';
import { OTP_CODE_LENGTH } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import type { ResolvedConfig } from '../../config.ts';
import { DEFAULT_CALLING_CODE, DEFAULT_COUNTRY } from '../../constants.ts';
import { EVENT_TYPES, type WidgetEventType } from '../../events.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import { codeEntryStates, phoneCheckStates, toPasscode, validatePhone } from '../../machine/passcode-states.ts';
import { callError, toMain, widgetError, widgetEvent } from '../kit.ts';
import type { SecondFactorStart } from '../organizations.ts';
import type { MemberTotpCreateResponse } from '../../../api/mfa.ts';
import type { ProductInput, ProductOutput, ProductScreen, ScreenMeta } from '../types.ts';
import {
  authenticateSmsCode,
  authenticateTotp,
  copyText,
  createTotp,
  formatPhone,
  recover,
  sendSmsCode,
} from './actors.ts';
import { COPIED_CONFIRMATION_MS, PHONE_VALIDATE_TIMEOUT_MS, RESEND_CONFIRMATION_MS } from './constants.ts';
import { mfaPlan, type MfaMethod, type MfaPlan } from './methods.ts';

/** The screens this machine's states name (chunk.ts has each). */
export type MfaScreen = ProductScreen<'MFAEnrollment' | 'TOTP' | 'SMSOTP' | 'RecoveryCodes'>;

export interface MfaContext {
  client: AuthClient;
  config: ResolvedConfig;
  /** Whose second factor it is. */
  organizationId: string;
  organizationName: string;
  memberId: string;
  /** The factors enrolled, allowed and offered, and the one asked for first (methods.ts). */
  plan: MfaPlan;
  /** Setting up a factor (rather than proving an enrolled one). */
  enrolling: boolean;
  /** The TOTP registration being set up: its secret, QR code and recovery codes. */
  totp: Pick<MemberTotpCreateResponse, 'secret' | 'qr_code' | 'recovery_codes'> | null;
  /** The digits typed so far (TOTP or SMS). */
  code: string;
  recoveryCode: string;
  /** The SMS enrollment form: the number as typed, its country and calling code. */
  phone: { phone: string; country: string; callingCode: string };
  /** Where the passcode goes (E.164), and as shown (formatted once the phone library answers). */
  destination: string;
  displayDestination: string;
  errorDescriptor: ErrorDescriptor | null;
}

export type MfaEvent =
  | { type: 'CHOOSE'; method: MfaMethod }
  | { type: 'CODE_CHANGED'; code: string }
  | { type: 'COPY' }
  | { type: 'DONE' }
  | { type: 'USE_RECOVERY_CODE' }
  | { type: 'USE_SMS' }
  | { type: 'USE_TOTP' }
  | { type: 'RECOVERY_CODE_CHANGED'; recoveryCode: string }
  | { type: 'SUBMIT_RECOVERY_CODE' }
  | { type: 'PHONE_CHANGED'; phone: string }
  | { type: 'COUNTRY_CHANGED'; country: string; callingCode: string }
  | { type: 'SUBMIT_PHONE' }
  | { type: 'RESEND' }
  | { type: 'BACK' }
  | { type: 'SESSION_ENDED' }
  | { type: 'CONFIG_CHANGED'; config: ResolvedConfig };

/** What a call for the member runs with. */
const memberInput = ({ context }: { context: MfaContext }) => ({
  client: context.client,
  organizationId: context.organizationId,
  memberId: context.memberId,
});

/** What a call that signs the member in runs with. */
const signInInput = ({ context }: { context: MfaContext }) => ({
  ...memberInput({ context }),
  sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
});

/** A passcode by text message: to the number being enrolled, or (at sign-in) to the member's own. */
const smsSendInput = ({ context }: { context: MfaContext }) => ({
  ...memberInput({ context }),
  phoneNumber: context.enrolling ? context.destination : null,
});

/** A six-digit code's region (passcode-states.ts): a right one goes to `signedIn` and reports `eventType`. */
function codeEntry<TSrc extends 'authenticateTotp' | 'authenticateSmsCode'>(
  src: TSrc,
  signedIn: string,
  eventType: WidgetEventType,
) {
  return codeEntryStates(
    src,
    ({ context }: { context: MfaContext }) => ({ ...signInInput({ context }), code: context.code }),
    {
      target: signedIn,
      actions: {
        type: 'report' as const,
        params: ({ event }: { event: { output: unknown } }) => ({ eventType, data: event.output }),
      },
    },
  );
}

/** The clipboard's states: COPY puts `text` there; 'Copied!' shows for a moment, or that it could not. */
function clipboard(text: (context: MfaContext) => string) {
  return {
    initial: 'idle',
    states: {
      idle: { on: { COPY: 'copying' } },
      copying: {
        invoke: {
          src: 'copyText',
          input: ({ context }: { context: MfaContext }) => ({ text: text(context) }),
          onDone: 'copied',
          onError: 'copyFailed',
        },
      },
      copied: { after: { copiedConfirmation: 'idle' }, on: { COPY: 'copying' } },
      copyFailed: { on: { COPY: 'copying' } },
    },
  } as const;
}

/** Who and what the first factor named; an absent one (a seeded screen) names nobody. */
function fromPrimary(input: ProductInput<SecondFactorStart>) {
  const primary = input.params?.primary;
  const config = input.config.mfa;
  return {
    organizationId: primary?.organization.organization_id ?? '',
    organizationName: primary?.organization.organization_name ?? '',
    memberId: primary?.member_id ?? '',
    phoneNumber: primary?.member.mfa_phone_number ?? '',
    plan: primary
      ? mfaPlan(primary, config?.productInclude, config?.productOrder)
      : { enrolled: [], allowed: [], entry: null, enrollable: [], smsSent: false },
  };
}

export const mfaMachine = setup({
  types: {
    context: {} as MfaContext,
    events: {} as MfaEvent,
    input: {} as ProductInput<SecondFactorStart>,
    output: {} as ProductOutput,
    meta: {} as ScreenMeta<MfaScreen>,
  },
  actors: {
    createTotp,
    authenticateTotp,
    sendSmsCode,
    authenticateSmsCode,
    recover,
    validatePhone,
    formatPhone,
    copyText,
  },
  delays: {
    phoneValidateTimeout: PHONE_VALIDATE_TIMEOUT_MS,
    copiedConfirmation: COPIED_CONFIRMATION_MS,
    resendConfirmation: RESEND_CONFIRMATION_MS,
  },
  guards: {
    entryIs: ({ context }, params: { method: MfaMethod; sent?: boolean }) =>
      context.plan.entry === params.method && (params.sent === undefined || context.plan.smsSent === params.sent),
    onlyOffered: ({ context }, params: { method: MfaMethod }) =>
      context.plan.enrollable.length === 1 && context.plan.enrollable[0] === params.method,
    chose: ({ event }, params: { method: MfaMethod }) => event.type === 'CHOOSE' && event.method === params.method,
    canChoose: ({ context }) => context.enrolling && context.plan.enrollable.length > 1,
    enrolling: ({ context }) => context.enrolling,
    /** The member may switch to another enrolled factor the organization allows (never while enrolling). */
    canSwitchTo: ({ context }, params: { method: MfaMethod }) =>
      !context.enrolling &&
      context.plan.enrolled.includes(params.method) &&
      context.plan.allowed.includes(params.method),
    codeComplete: ({ context }) => context.code.length === OTP_CODE_LENGTH,
    hasRecoveryCode: ({ context }) => context.recoveryCode.trim() !== '',
  },
  actions: {
    setCode: assign({
      code: ({ event }) => (event.type === 'CODE_CHANGED' ? toPasscode(event.code, OTP_CODE_LENGTH) : ''),
    }),
    clearCode: assign({ code: '' }),
    setCallError: assign({ errorDescriptor: ({ event }) => callError(event) }),
    clearError: assign({ errorDescriptor: null }),
    reportError: sendParent(({ context }) => widgetError(context.errorDescriptor)),
    report: sendParent((_, params: { eventType: WidgetEventType; data: unknown }) =>
      widgetEvent(params.eventType, params.data),
    ),
    setDestination: assign((_, params: { destination: string }) => ({
      destination: params.destination,
      displayDestination: params.destination,
    })),
    setInvalidPhone: assign({ errorDescriptor: { messageKey: 'validation.phoneInvalid' } as ErrorDescriptor }),
  },
}).createMachine({
  id: 'mfa',
  context: ({ input }) => {
    const { phoneNumber, ...member } = fromPrimary(input);
    return {
      client: input.client,
      config: input.config,
      ...member,
      enrolling: member.plan.entry === null,
      totp: null,
      code: '',
      recoveryCode: '',
      phone: { phone: '', country: DEFAULT_COUNTRY, callingCode: DEFAULT_CALLING_CODE },
      destination: phoneNumber,
      displayDestination: phoneNumber,
      errorDescriptor: null,
    };
  },
  on: { CONFIG_CHANGED: { actions: assign({ config: ({ event }) => event.config }) } },
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: { type: 'entryIs', params: { method: 'totp' } }, target: 'totpEntry' },
        { guard: { type: 'entryIs', params: { method: 'smsOtp', sent: true } }, target: 'smsCode' },
        { guard: { type: 'entryIs', params: { method: 'smsOtp' } }, target: 'smsSending' },
        { guard: { type: 'onlyOffered', params: { method: 'totp' } }, target: 'totpCreating' },
        { guard: { type: 'onlyOffered', params: { method: 'smsOtp' } }, target: 'smsPhone' },
        { target: 'choosing' },
      ],
    },

    // MFA enrollment: the factors the organization allows and the config includes, in the config's order.
    choosing: {
      meta: { screen: 'MFAEnrollment' },
      on: {
        CHOOSE: [
          { guard: { type: 'chose', params: { method: 'totp' } }, target: 'totpCreating' },
          { guard: { type: 'chose', params: { method: 'smsOtp' } }, target: 'smsPhone' },
        ],
        BACK: { target: 'done' },
      },
    },

    // TOTP enrollment: a new registration, its QR code and secret, then its first code.
    totpCreating: {
      meta: { screen: 'TOTP' },
      invoke: {
        src: 'createTotp',
        input: memberInput,
        onDone: {
          target: 'totpEnroll',
          actions: [
            assign({ totp: ({ event }) => event.output }),
            { type: 'report', params: ({ event }) => ({ eventType: EVENT_TYPES.B2B_TOTP_CREATE, data: event.output }) },
          ],
        },
        onError: { target: 'failed', actions: ['setCallError', 'reportError'] },
      },
    },
    totpEnroll: {
      meta: { screen: 'TOTP' },
      type: 'parallel',
      exit: ['clearCode', 'clearError'],
      on: { BACK: [{ guard: 'canChoose', target: 'choosing' }, { target: 'done' }] },
      states: {
        code: codeEntry('authenticateTotp', '#mfa.recoveryCodes', EVENT_TYPES.B2B_TOTP_AUTHENTICATE),
        clipboard: clipboard((context) => context.totp?.secret ?? ''),
      },
    },
    // Signed in; the recovery codes show this once, and Done finishes.
    recoveryCodes: {
      meta: { screen: 'RecoveryCodes' },
      type: 'parallel',
      on: { DONE: { target: 'signedIn' }, SESSION_ENDED: { target: 'done' } },
      states: {
        clipboard: clipboard((context) => context.totp?.recovery_codes.join('\n') ?? ''),
      },
    },

    // TOTP at sign-in.
    totpEntry: {
      meta: { screen: 'TOTP' },
      exit: ['clearCode', 'clearError'],
      on: {
        USE_RECOVERY_CODE: { target: 'recoveryEntry' },
        USE_SMS: { guard: { type: 'canSwitchTo', params: { method: 'smsOtp' } }, target: 'smsSending' },
        BACK: { target: 'done' },
      },
      ...codeEntry('authenticateTotp', '#mfa.signedIn', EVENT_TYPES.B2B_TOTP_AUTHENTICATE),
    },
    recoveryEntry: {
      meta: { screen: 'RecoveryCodes' },
      on: {
        RECOVERY_CODE_CHANGED: {
          actions: ['clearError', assign({ recoveryCode: ({ event }) => event.recoveryCode })],
        },
        SUBMIT_RECOVERY_CODE: { guard: 'hasRecoveryCode', target: 'recovering' },
        BACK: { target: 'totpEntry', actions: ['clearError', assign({ recoveryCode: '' })] },
      },
    },
    recovering: {
      meta: { screen: 'RecoveryCodes' },
      invoke: {
        src: 'recover',
        input: ({ context }) => ({ ...signInInput({ context }), recoveryCode: context.recoveryCode.trim() }),
        onDone: {
          target: 'signedIn',
          actions: {
            type: 'report',
            params: ({ event }) => ({ eventType: EVENT_TYPES.B2B_RECOVERY_CODES_RECOVER, data: event.output }),
          },
        },
        onError: { target: 'recoveryEntry', actions: ['setCallError', 'reportError'] },
      },
    },

    // SMS enrollment: the number, checked by the phone library (or its 2-second fallback), then the passcode.
    smsPhone: {
      meta: { screen: 'SMSOTP' },
      on: {
        PHONE_CHANGED: {
          actions: [
            'clearError',
            assign({ phone: ({ context, event }) => ({ ...context.phone, phone: event.phone }) }),
          ],
        },
        COUNTRY_CHANGED: {
          actions: [
            'clearError',
            assign({
              phone: ({ context, event }) => ({
                ...context.phone,
                country: event.country,
                callingCode: event.callingCode,
              }),
            }),
          ],
        },
        SUBMIT_PHONE: { target: 'validatingPhone', actions: 'clearError' },
        BACK: [{ guard: 'canChoose', target: 'choosing' }, { target: 'done' }],
      },
    },
    ...phoneCheckStates('SMSOTP', (context: MfaContext) => context.phone, { valid: 'smsSending', invalid: 'smsPhone' }),
    smsSending: {
      meta: { screen: 'SMSOTP' },
      invoke: {
        src: 'sendSmsCode',
        input: smsSendInput,
        onDone: {
          target: 'smsCode',
          actions: {
            type: 'report',
            params: ({ event }) => ({ eventType: EVENT_TYPES.B2B_SMS_OTP_SEND, data: event.output }),
          },
        },
        onError: [
          { guard: 'enrolling', target: 'smsPhone', actions: ['setCallError', 'reportError'] },
          { target: 'failed', actions: ['setCallError', 'reportError'] },
        ],
      },
    },
    smsCode: {
      meta: { screen: 'SMSOTP' },
      type: 'parallel',
      exit: ['clearCode', 'clearError'],
      on: {
        USE_TOTP: { guard: { type: 'canSwitchTo', params: { method: 'totp' } }, target: 'totpEntry' },
        BACK: [{ guard: 'enrolling', target: 'smsPhone' }, { target: 'done' }],
      },
      states: {
        code: codeEntry('authenticateSmsCode', '#mfa.signedIn', EVENT_TYPES.B2B_SMS_OTP_AUTHENTICATE),
        // 'Resend code': sending (disabled), 'Code sent' for 2 s, then offered again.
        resend: {
          initial: 'idle',
          states: {
            idle: { on: { RESEND: 'sending' } },
            sending: {
              invoke: {
                src: 'sendSmsCode',
                input: smsSendInput,
                onDone: {
                  target: 'sent',
                  actions: {
                    type: 'report',
                    params: ({ event }) => ({ eventType: EVENT_TYPES.B2B_SMS_OTP_SEND, data: event.output }),
                  },
                },
                onError: { target: 'idle', actions: ['setCallError', 'reportError'] },
              },
            },
            sent: { after: { resendConfirmation: 'idle' } },
          },
        },
        // The number as the phone library formats it, once it has loaded; until then (or if it fails), as it is.
        display: {
          initial: 'formatting',
          states: {
            formatting: {
              invoke: {
                src: 'formatPhone',
                input: ({ context }) => ({ phoneNumber: context.destination }),
                onDone: { target: 'formatted', actions: assign({ displayDestination: ({ event }) => event.output }) },
                onError: { target: 'raw' },
              },
            },
            formatted: {},
            raw: {},
          },
        },
      },
    },

    signedIn: { type: 'final', output: { to: 'success' } },
    failed: { type: 'final', output: ({ context }) => ({ to: 'error', error: context.errorDescriptor ?? {} }) },
    done: { type: 'final', output: () => toMain() },
  },
  output: ({ event }) => event.output as ProductOutput,
});

export type MfaMachine = typeof mfaMachine;
