// The password product's statechart (spec sections 2 and 5), run by the root as its child `product`:
//
//   searchingUser (Main, busy) ─(new | password)→ password ─(created / logged in)→ signedIn: Success
//        │                    └─(passwordless)→ passwordless ─→ handOver: a passcode (otp) or a link (emailMagicLinks),
//        └─(error)→ failed: Main with the error                    else dedupe (the reset email)
//   password (parallel): strength  idle ─PASSWORD_CHANGED→ debouncing ─(300 ms)→ checking ─→ idle
//                        form      credentials ─SUBMIT_PASSWORD→ submitting ─(reset_password)→ dedupe
//                                       │                                   └(breached_password)→ breached
//                                       └─FORGOT_PASSWORD→ forgot ─SEND_RESET→ setNew
//                                  resetForm (reset link in the page URL) ─SUBMIT_PASSWORD→ resetting ─→ signedIn
//   forgot (Password Forgot) and breached (Password Breached) share one screen; so do setNew (Password Set New) and
//   dedupe (Password Dedupe): sending ─→ sent ─RESEND_RESET→ resending ─→ resent ('Email resent', 2 s) ─→ sent
//   BACK from the password form or a reset email → back: Main anew.
//
// Started with `{ tab: 'email' }` (Continue on the Email tab: the address typed there, its format already checked by
// the root) or `{ token, use: 'open' }` (a reset link in the page URL, the record's `urlToken`: the Reset Form).
import { assign, sendParent, setup } from 'xstate';
import type { BootstrapData, PasswordStrengthCheckResponse, UserType } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import { passwordlessEmailKind, type ResolvedConfig } from '../../config.ts';
import { EVENT_TYPES } from '../../events.ts';
import { SUCCESS_TOAST_MS } from '../../ui/constants.ts';
import { PASSWORD_STRENGTH_DEBOUNCE_MS } from './constants.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import { removeTokenFromUrl } from '../../machine/url-token.ts';
import { callError, toMain, widgetError, widgetEvent } from '../kit.ts';
import type { ProductInput, ProductOutput, ProductScreen, ScreenMeta, UrlTokenParams } from '../types.ts';
import {
  checkPasswordStrength,
  resetPasswordByEmail,
  searchUser,
  startPasswordReset,
  submitPassword,
} from './actors.ts';
import { passwordResetWireOptions } from './config.ts';

export type PasswordParams = { tab: 'email' };

/** The screens this machine's states name (chunk.ts has each but Main). */
export type PasswordScreen = ProductScreen<
  'Password' | 'PasswordResetForm' | 'PasswordForgot' | 'PasswordBreached' | 'PasswordSetNew' | 'PasswordDedupe'
>;

export interface PasswordContext {
  client: AuthClient;
  config: ResolvedConfig;
  bootstrap: BootstrapData;
  /** The address (from Main; empty on the Reset Form) and its user type from the search. */
  email: string;
  userType: UserType;
  /** The password typed so far, and the newest strength check of it (null until one answered for the current text). */
  password: string;
  strength: PasswordStrengthCheckResponse | null;
  /** The reset token of an emailed link (`?stytch_token_type=reset_password&token=…`), when started with one. */
  token: string | null;
  errorDescriptor: ErrorDescriptor | null;
}

export type PasswordEvent =
  /** Password screens: the password field changed; Continue; 'Forgot Password'; the 'instead' email option. */
  | { type: 'PASSWORD_CHANGED'; password: string }
  | { type: 'SUBMIT_PASSWORD' }
  | { type: 'FORGOT_PASSWORD' }
  | { type: 'USE_EMAIL_INSTEAD' }
  /** Password Forgot and Password Breached: send the reset email. */
  | { type: 'SEND_RESET' }
  /** Password Set New and Password Dedupe: send the reset email again. */
  | { type: 'RESEND_RESET' }
  | { type: 'BACK' }
  | { type: 'SESSION_ENDED' }
  | { type: 'CONFIG_CHANGED'; config: ResolvedConfig };

/** The reset-email request of Password Set New and Password Dedupe (first send and 'Resend email'). */
function resetInput({ context }: { context: PasswordContext }) {
  return {
    client: context.client,
    email: context.email,
    options: passwordResetWireOptions(context.config.passwordOptions),
  };
}

/**
 * A keystroke in the password field, heard by each state of the `strength` region: it restarts the debounce (a check
 * under way is dropped). Taken from a state of the region and not from the region or the parallel `password`, so that
 * re-entering `debouncing` leaves the form region where it is (a transition's domain is its nearest compound ancestor).
 */
const PASSWORD_CHANGED = [
  { guard: 'passwordEmpty', target: 'idle', actions: 'setPassword' },
  { guard: 'checksStrength', target: 'debouncing', reenter: true, actions: 'setPassword' },
  { actions: 'setPassword' },
] as const;

export const passwordMachine = setup({
  types: {
    context: {} as PasswordContext,
    events: {} as PasswordEvent,
    input: {} as ProductInput<PasswordParams | UrlTokenParams>,
    output: {} as ProductOutput,
    meta: {} as ScreenMeta<PasswordScreen>,
  },
  actors: { searchUser, checkPasswordStrength, submitPassword, startPasswordReset, resetPasswordByEmail },
  delays: {
    strengthDebounce: PASSWORD_STRENGTH_DEBOUNCE_MS,
    successToast: SUCCESS_TOAST_MS,
  },
  guards: {
    hasResetToken: ({ context }) => context.token !== null,
    isPasswordless: ({ event }) => (event as { output?: unknown }).output === 'passwordless',
    /** A passwordless user gets a passcode or a link when one is configured; else the reset email (Dedupe). */
    hasPasswordlessProduct: ({ context }) => passwordlessEmailKind(context.config) !== null,
    passwordEmpty: ({ event }) => event.type === 'PASSWORD_CHANGED' && event.password === '',
    /** Only new passwords are checked live; a login form has nothing to measure. */
    checksStrength: ({ context }) => context.userType !== 'password',
    /** A login needs some password; a new one needs the service's `valid_password` for exactly the text typed. */
    canSubmitPassword: ({ context }) =>
      context.userType === 'password' ? context.password.length > 0 : context.strength?.valid_password === true,
    errorTypeIs: ({ event }, params: { errorType: string }) =>
      (event as { error?: { error_type?: unknown } }).error?.error_type === params.errorType,
  },
  actions: {
    /** The typed password; the strength of the previous text no longer applies. */
    setPassword: assign(({ context, event }) => ({
      password: event.type === 'PASSWORD_CHANGED' ? event.password : context.password,
      strength: null,
      errorDescriptor: null,
    })),
    /** The error of a failed invoked call (`xstate.error.actor.*`). */
    setCallError: assign({ errorDescriptor: ({ event }) => callError(event) }),
    clearError: assign({ errorDescriptor: null }),
    /** Reports this machine's error to the element (`auth-login-error`), where the old statechart did. */
    reportError: sendParent(({ context }) => widgetError(context.errorDescriptor)),
    removeTokenFromUrl: () => removeTokenFromUrl(),
    /** A reset email went out (first send or 'Resend email'). */
    reportResetStart: sendParent(({ event }) =>
      widgetEvent(EVENT_TYPES.PASSWORD_RESET_BY_EMAIL_START, (event as { output?: unknown }).output),
    ),
  },
}).createMachine({
  id: 'passwords',
  context: ({ input }) => ({
    client: input.client,
    config: input.config,
    bootstrap: input.bootstrap,
    email: 'token' in input.params ? '' : input.formState.email.trim(),
    // A reset link's new password is checked like a new account's.
    userType: 'new',
    password: '',
    strength: null,
    token: 'token' in input.params ? input.params.token : null,
    errorDescriptor: null,
  }),
  on: { CONFIG_CHANGED: { actions: assign({ config: ({ event }) => event.config }) } },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasResetToken', target: 'password.form.resetForm' }, { target: 'searchingUser' }],
    },

    // The address's user type decides the screen; a passwordless user may be handed to the passcode or link product,
    // whose chunk is fetched meanwhile.
    searchingUser: {
      meta: { screen: 'Main', preload: ['otp', 'emailMagicLinks'] },
      invoke: {
        src: 'searchUser',
        input: ({ context }) => ({ client: context.client, email: context.email }),
        onDone: [
          { guard: 'isPasswordless', target: 'passwordless', actions: assign({ userType: 'passwordless' as const }) },
          {
            target: 'password',
            actions: assign({ userType: ({ event }) => event.output, password: '', strength: null }),
          },
        ],
        onError: { target: 'failed', actions: ['setCallError', 'reportError'] },
      },
    },

    /**
     * A user without a password (or a new one choosing 'instead'): a passcode if configured, else a magic link, else a
     * reset email (spec section 2).
     */
    passwordless: {
      always: [{ guard: 'hasPasswordlessProduct', target: 'handOver' }, { target: 'dedupe' }],
    },

    password: {
      type: 'parallel',
      exit: 'clearError',
      on: { BACK: { target: 'back', actions: 'removeTokenFromUrl' } },
      states: {
        strength: {
          initial: 'idle',
          states: {
            idle: { on: { PASSWORD_CHANGED: PASSWORD_CHANGED } },
            debouncing: { on: { PASSWORD_CHANGED: PASSWORD_CHANGED }, after: { strengthDebounce: 'checking' } },
            checking: {
              on: { PASSWORD_CHANGED: PASSWORD_CHANGED },
              invoke: {
                src: 'checkPasswordStrength',
                input: ({ context }) => ({ client: context.client, email: context.email, password: context.password }),
                onDone: { target: 'idle', actions: assign({ strength: ({ event }) => event.output }) },
                onError: { target: 'idle', actions: 'setCallError' },
              },
            },
          },
        },
        form: {
          initial: 'credentials',
          states: {
            credentials: {
              meta: { screen: 'Password' },
              on: {
                SUBMIT_PASSWORD: { guard: 'canSubmitPassword', target: 'submitting' },
                FORGOT_PASSWORD: { target: '#passwords.forgot' },
                // Offered only when a code or link is configured, so `passwordless` never falls through to a reset
                // here.
                USE_EMAIL_INSTEAD: { target: '#passwords.passwordless' },
              },
            },
            submitting: {
              meta: { screen: 'Password' },
              entry: 'clearError',
              invoke: {
                src: 'submitPassword',
                input: ({ context }) => ({
                  client: context.client,
                  create: context.userType !== 'password',
                  email: context.email,
                  password: context.password,
                  sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
                }),
                onDone: {
                  target: '#passwords.signedIn',
                  actions: sendParent(({ context, event }) =>
                    widgetEvent(
                      context.userType === 'password' ? EVENT_TYPES.PASSWORD_AUTHENTICATE : EVENT_TYPES.PASSWORD_CREATE,
                      event.output,
                    ),
                  ),
                },
                onError: [
                  {
                    guard: { type: 'errorTypeIs', params: { errorType: 'reset_password' } },
                    target: '#passwords.dedupe',
                  },
                  {
                    guard: { type: 'errorTypeIs', params: { errorType: 'breached_password' } },
                    target: '#passwords.breached',
                  },
                  { target: 'credentials', actions: ['setCallError', 'reportError'] },
                ],
              },
            },
            resetForm: {
              meta: { screen: 'PasswordResetForm' },
              on: { SUBMIT_PASSWORD: { guard: 'canSubmitPassword', target: 'resetting' } },
            },
            resetting: {
              meta: { screen: 'PasswordResetForm' },
              entry: 'clearError',
              invoke: {
                src: 'resetPasswordByEmail',
                input: ({ context }) => ({
                  client: context.client,
                  token: context.token ?? '',
                  password: context.password,
                  sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
                }),
                onDone: {
                  target: '#passwords.signedIn',
                  actions: [
                    'removeTokenFromUrl',
                    assign({ token: null }),
                    sendParent(({ event }) => widgetEvent(EVENT_TYPES.PASSWORD_RESET_BY_EMAIL, event.output)),
                  ],
                },
                onError: { target: 'resetForm', actions: ['setCallError', 'reportError'] },
              },
            },
          },
        },
      },
    },

    // Password Forgot and Password Breached: why a reset is needed and the button that sends the email.
    forgot: {
      meta: { screen: 'PasswordForgot' },
      on: { SEND_RESET: 'setNew', BACK: 'password' },
    },
    breached: {
      meta: { screen: 'PasswordBreached' },
      on: { SEND_RESET: 'setNew', BACK: 'password' },
    },

    // Password Set New (asked for) and Password Dedupe (an account that must reset): the reset email, 'Resend email'.
    setNew: { meta: { screen: 'PasswordSetNew' }, ...resetEmailStates() },
    dedupe: { meta: { screen: 'PasswordDedupe' }, ...resetEmailStates() },

    signedIn: { type: 'final', output: { to: 'success' } satisfies ProductOutput },
    handOver: {
      type: 'final',
      output: ({ context }): ProductOutput => ({
        to: 'product',
        product: passwordlessEmailKind(context.config) === 'otp' ? 'otp' : 'emailMagicLinks',
        params: { email: context.email },
      }),
    },
    back: { type: 'final', output: toMain() },
    failed: { type: 'final', output: ({ context }) => toMain(context.errorDescriptor) },
  },
  output: ({ event }) => event.output as ProductOutput,
});

/**
 * The states of a reset email (Set New and Dedupe alike): the first send, then 'Resend email' with the 'Email resent'
 * toast for 2 s. A failed send shows its error and still offers 'Resend email'.
 */
function resetEmailStates() {
  return {
    initial: 'sending',
    exit: 'clearError',
    on: { BACK: { target: '#passwords.back' } },
    states: {
      sending: {
        invoke: {
          src: 'startPasswordReset',
          input: resetInput,
          onDone: { target: 'sent', actions: 'reportResetStart' },
          onError: { target: 'sent', actions: ['setCallError', 'reportError'] },
        },
      },
      sent: { on: { RESEND_RESET: 'resending' } },
      resending: {
        entry: 'clearError',
        invoke: {
          src: 'startPasswordReset',
          input: resetInput,
          onDone: { target: 'resent', actions: 'reportResetStart' },
          onError: { target: 'sent', actions: ['setCallError', 'reportError'] },
        },
      },
      resent: { after: { successToast: 'sent' }, on: { RESEND_RESET: 'resending' } },
    },
  } as const;
}

export type PasswordMachine = typeof passwordMachine;
