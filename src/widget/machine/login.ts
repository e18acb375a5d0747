// The login statechart (XState v5). Every screen of the widget is a state, every call to the service an invoked actor,
// and every timer a delayed transition: components only render the snapshot and send events.
//
//   start ─(token in URL: magic link or OAuth)→ authenticatingToken ─→ success
//     │                          └─(error)→ error ─BACK→ main
//     └→ main.idle ─SUBMIT_EMAIL (valid)→ main.sendingMagicLink ─→ emailConfirmation ─TRY_AGAIN / BACK→ main
//              │  └─ (invalid: 'Email format is invalid.')      └─(error: inline message)→ main.idle
//              ├─SUBMIT_EMAIL (Email tab is a passcode; valid)──────────→ main.sendingOtp ─→ otpAuthenticate
//              └─SUBMIT_PHONE → main.validatingPhone ─(valid, or the 2 s fallback)┘   └─(error)→ main.idle
//
//   Passwords (Email tab when `passwords` is enabled):
//   main.idle ─SUBMIT_EMAIL→ main.searchingUser ─(new | password)→ password ─(created / logged in)→ success
//                                   └─(passwordless)→ sendingOtp | sendingMagicLink | resetEmail (by configuration)
//   password (parallel): strength  idle ─PASSWORD_CHANGED→ debouncing ─(300 ms)→ checking ─→ idle
//                        form      credentials ─SUBMIT_PASSWORD→ submitting ─(reset_password)→ resetEmail (Dedupe)
//                                       │                                    └(breached_password)→ passwordForgot (Breached)
//                                       └─FORGOT_PASSWORD→ passwordForgot (Forgot) ─SEND_RESET→ resetEmail (Set New)
//                                  resetForm (token in URL) ─SUBMIT_PASSWORD→ resetting ─→ success
//   resetEmail: sending ─→ sent ─RESEND_RESET→ resending ─→ resent ('Email resent', 2 s) ─→ sent
//
//   otpAuthenticate (parallel): code   entering ─(6th digit)→ submitting ─→ otpConfirmation
//                                                    ↑────────(wrong code)──┘
//                               countdown ticking ─(every 1 s … 0)→ expired; OTP_RESENT restarts it
//                               display   formatting ─(library, or 10 s)→ formatted | raw
//                               and the invoked resend control (resend.ts). BACK → main.
//
//   Social sign-in (oauth product): main.idle ─OAUTH_START→ main.startingOAuth ─→ main.redirecting (remembered as last
//   used, OAUTH_START emitted; the client navigates away)   └─(error)→ main.idle
//   Google One Tap: main invokes the child `oneTap` (one-tap.ts); its error states come back as ONE_TAP_ERROR.
//
// Later issues add their screens as sibling states (password, passkey…, crypto…, idpConsent) and their calls as actors.
import { assign, emit, sendTo, setup } from 'xstate';
import {
  DEFAULT_OTP_EXPIRATION_MINUTES,
  OTP_CODE_LENGTH,
  TOKEN_PARAM,
  TOKEN_TYPE_PARAM,
  TOKEN_TYPES,
  type OtpMethod,
} from '../../api/index.ts';
import {
  emailTabKind,
  loginTabs,
  magicLinkWireOptions,
  otpWireOptions,
  passwordlessEmailKind,
  passwordResetWireOptions,
  type LoginTab,
  type ResolvedConfig,
} from '../config.ts';
import {
  COUNTDOWN_TICK_MS,
  EVENT_TYPES,
  LOGIN_OR_CREATE_EML,
  PHONE_FORMAT_TIMEOUT_MS,
  PHONE_VALIDATE_TIMEOUT_MS,
  PASSWORD_STRENGTH_DEBOUNCE_MS,
  SUCCESS_TOAST_MS,
  TELEMETRY,
} from '../constants.ts';
import { fallbackE164 } from '../phone.ts';
import { readLastUsedOAuth, writeLastUsedOAuth } from '../../client/oauth.ts';
import { createTranslator, type MessageKey } from '../i18n/index.ts';
import '../i18n/en-oauth.ts';
import { browserTraits, oneTapPlacement } from '../oauth.ts';
import { oauthProviders } from '../config.ts';
import { oneTapMachine } from './one-tap.ts';
import { isValidEmail } from '../validation.ts';
import {
  authenticateOtp,
  authenticateUrlToken,
  checkPasswordStrength,
  formatPhone,
  loadBootstrap,
  resetPasswordByEmail,
  searchUser,
  sendMagicLink,
  sendOtp,
  startPasswordReset,
  submitPassword,
  validatePhone,
  startOAuth,
  watchPageRestore,
  watchSession,
} from './actors.ts';
import { toErrorDescriptor, toErrorDetail } from './errors.ts';
import { activeTab, initialFormState } from './form.ts';
import { resendMachine } from './resend.ts';
import type {
  ErrorDescriptor,
  LoginContext,
  LoginEmitted,
  LoginEvent,
  LoginInput,
  Screen,
  WidgetEventDetail,
} from './types.ts';

/** The token of a redirect URL whose `stytch_token_type` is `tokenType`, or null. */
function tokenFrom(url: string | undefined, tokenType: string): string | null {
  if (!url) return null;
  try {
    const params = new URL(url).searchParams;
    return params.get(TOKEN_TYPE_PARAM) === tokenType ? params.get(TOKEN_PARAM) || null : null;
  } catch {
    return null;
  }
}

/** The token the widget authenticates at start: a magic link's or an OAuth redirect's, with its type. */
export function urlTokenFrom(url: string | undefined): LoginContext['urlToken'] {
  for (const type of [TOKEN_TYPES.magicLinks, TOKEN_TYPES.oauth] as const) {
    const token = tokenFrom(url, type);
    if (token) return { type, token };
  }
  return null;
}

/** The password-reset token of an emailed link (`?stytch_token_type=reset_password&token=…`), or null. */
export function resetTokenFrom(url: string | undefined): string | null {
  return tokenFrom(url, TOKEN_TYPES.resetPassword);
}

/** The configuration as telemetry reports it (`render_login_screen` details): no CSP nonce. */
function telemetryOptions(config: ResolvedConfig): Omit<ResolvedConfig, 'nonce'> {
  const { nonce: _nonce, ...options } = config;
  return options;
}

/** What Continue on the Email tab does, when the Email tab is the one showing. */
function emailTab(context: LoginContext): 'password' | 'otp' | 'magicLink' | null {
  return activeTab(context) === 'email' ? emailTabKind(context.config) : null;
}

/** The first OTP_CODE_LENGTH digits of what was typed or pasted ('123 456', 'code: 123456' → '123456'). */
export function toPasscode(text: string): string {
  return text.replace(/[^0-9]/g, '').slice(0, OTP_CODE_LENGTH);
}

function expirationSeconds(config: ResolvedConfig): number {
  return (config.otpOptions?.expirationMinutes ?? DEFAULT_OTP_EXPIRATION_MINUTES) * 60;
}

function otpOptionsFor(config: ResolvedConfig, method: OtpMethod) {
  return otpWireOptions(
    config.otpOptions ?? { methods: [], expirationMinutes: DEFAULT_OTP_EXPIRATION_MINUTES },
    method,
  );
}

/** The reset-email request of Password Set New and Password Dedupe (first send and 'Resend email'). */
function resetInput({ context }: { context: LoginContext }) {
  return {
    client: context.client,
    email: context.passwordState.email,
    options: passwordResetWireOptions(context.config.passwordOptions),
  };
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    emitted: {} as LoginEmitted,
  },
  actors: {
    sendMagicLink,
    authenticateUrlToken,
    startOAuth,
    watchPageRestore,
    oneTapMachine,
    loadBootstrap,
    watchSession,
    sendOtp,
    authenticateOtp,
    validatePhone,
    formatPhone,
    resendMachine,
    searchUser,
    checkPasswordStrength,
    submitPassword,
    startPasswordReset,
    resetPasswordByEmail,
  },
  delays: {
    phoneValidateTimeout: PHONE_VALIDATE_TIMEOUT_MS,
    phoneFormatTimeout: PHONE_FORMAT_TIMEOUT_MS,
    countdownTick: COUNTDOWN_TICK_MS,
    strengthDebounce: PASSWORD_STRENGTH_DEBOUNCE_MS,
    successToast: SUCCESS_TOAST_MS,
  },
  guards: {
    hasUrlToken: ({ context }) => context.urlToken !== null,
    emailTabIsOtp: ({ context }) => emailTab(context) === 'otp',
    emailTabIsMagicLink: ({ context }) => emailTab(context) === 'magicLink',
    otpEmailValid: ({ context }) => emailTab(context) === 'otp' && isValidEmail(context.formState.email),
    magicLinkEmailValid: ({ context }) => emailTab(context) === 'magicLink' && isValidEmail(context.formState.email),
    phoneTabActive: ({ context }) => activeTab(context) === 'sms' || activeTab(context) === 'whatsapp',
    isPhoneValid: (_, params: { phoneNumber: string | null }) => params.phoneNumber !== null,
    fallbackAccepts: ({ context }) => fallbackE164(context.formState.phone, context.formState.callingCode) !== null,
    codeComplete: ({ context }) => context.passcode.code.length === OTP_CODE_LENGTH,
    noSecondsLeft: ({ context }) => context.passcode.secondsLeft <= 0,
    // Passwords
    hasResetToken: ({ context }) => context.resetPasswordState.token !== null,
    emailTabIsPassword: ({ context }) => emailTab(context) === 'password',
    passwordEmailValid: ({ context }) => emailTab(context) === 'password' && isValidEmail(context.formState.email),
    isPasswordless: ({ event }) => (event as { output?: unknown }).output === 'passwordless',
    passwordlessOtp: ({ context }) => passwordlessEmailKind(context.config) === 'otp',
    passwordlessMagicLink: ({ context }) => passwordlessEmailKind(context.config) === 'magicLink',
    passwordEmpty: ({ event }) => event.type === 'PASSWORD_CHANGED' && event.password === '',
    /** Only new passwords are checked live; a login form has nothing to measure. */
    checksStrength: ({ context }) => context.passwordState.type !== 'password',
    /** A login needs some password; a new one needs the service's `valid_password` for exactly the text typed. */
    canSubmitPassword: ({ context }) =>
      context.passwordState.type === 'password'
        ? context.passwordState.password.length > 0
        : context.passwordState.strength?.valid_password === true,
    errorTypeIs: ({ event }, params: { errorType: string }) =>
      (event as { error?: { error_type?: unknown } }).error?.error_type === params.errorType,
  },
  actions: {
    show: assign((_, params: { screen: Screen }) => ({ screen: params.screen })),
    /** EMAIL_CHANGED, PHONE_CHANGED, COUNTRY_CHANGED and TAB_SELECTED carry formState fields under their own names. */
    setForm: assign(({ event, context }) => {
      const { type: _type, ...changes } = event as Extract<
        LoginEvent,
        { type: 'EMAIL_CHANGED' | 'PHONE_CHANGED' | 'COUNTRY_CHANGED' | 'TAB_SELECTED' }
      >;
      return { formState: { ...context.formState, ...changes }, errorDescriptor: null };
    }),
    setConfig: assign(({ event, context }) => ({ config: event.type === 'CONFIG_CHANGED' ? event.config : context.config })),
    setBootstrap: assign((_, params: { bootstrap: LoginContext['bootstrap'] }) => ({ bootstrap: params.bootstrap })),
    setMagicLinkEmail: assign((_, params: { email: string }) => ({ magicLinkState: { email: params.email } })),
    clearMagicLinkEmail: assign({ magicLinkState: { email: '' } }),
    setInvalidEmail: assign({ errorDescriptor: { messageKey: 'validation.emailInvalid' } as ErrorDescriptor }),
    setInvalidOtpEmail: assign({ errorDescriptor: { messageKey: 'validation.emailInvalidOtp' } as ErrorDescriptor }),
    setInvalidPhone: assign({ errorDescriptor: { messageKey: 'validation.phoneInvalid' } as ErrorDescriptor }),
    /** Where the passcode is about to go; the method id follows from the send response. */
    setOtpDestination: assign((_, params: { type: OtpMethod; destination: string }) => ({
      otpState: { type: params.type, methodId: '', otpDestination: params.destination },
    })),
    setMethodId: assign(({ context }, params: { methodId: string }) => ({
      otpState: { ...context.otpState, methodId: params.methodId },
    })),
    startPasscode: assign(({ context }) => ({
      passcode: { code: '', secondsLeft: expirationSeconds(context.config), displayDestination: context.otpState.otpDestination },
    })),
    /** Changes some of OTP Authenticate's fields. */
    setPasscode: assign(({ context }, params: Partial<LoginContext['passcode']>) => ({
      passcode: { ...context.passcode, ...params },
    })),
    forwardResend: sendTo('resend', { type: 'RESEND' }),
    /** The error of a failed invoked call (`xstate.error.actor.*`) or of OTP_RESEND_FAILED. */
    setCallError: assign(({ event }) => ({ errorDescriptor: toErrorDescriptor((event as { error?: unknown }).error) })),
    clearError: assign({ errorDescriptor: null }),
    clearUrlToken: assign({ urlToken: null }),
    /** Remembers the provider on this device (wire contract 5), so Main lists it first next time. */
    rememberOAuth: assign(({ context }, params: { provider: string }) => {
      writeLastUsedOAuth(context.client.publicToken, params.provider);
      return { lastUsedOAuth: params.provider };
    }),
    /** The developer-facing One Tap message, reported through the error event and callback. */
    emitOneTapError: emit(({ event }) => {
      const error = event.type === 'ONE_TAP_ERROR' ? event.error : 'none';
      const host = typeof location === 'undefined' ? '' : location.host;
      return {
        type: 'widget.error' as const,
        detail: { message: createTranslator()(`oneTap.error.${error}` as MessageKey, { host }), error_type: error },
      };
    }),
    /** Removes `stytch_token_type` and `token` from the address bar (history.replaceState, no navigation). */
    removeTokenFromUrl: () => {
      if (typeof window === 'undefined') return;
      const url = new URL(window.location.href);
      if (!url.searchParams.has(TOKEN_PARAM) && !url.searchParams.has(TOKEN_TYPE_PARAM)) return;
      url.searchParams.delete(TOKEN_PARAM);
      url.searchParams.delete(TOKEN_TYPE_PARAM);
      window.history.replaceState(window.history.state, '', url.href);
    },
    /** Telemetry through the client's batched `/events` call. */
    log: ({ context }, params: { name: string; details: Record<string, unknown> }) => {
      context.client.events.log(params.name, params.details);
    },
    setPasswordState: assign(({ context }, params: Partial<LoginContext['passwordState']>) => ({
      passwordState: { ...context.passwordState, ...params },
    })),
    /** The typed password; the strength of the previous text no longer applies. */
    setPassword: assign(({ context, event }) => ({
      passwordState: {
        ...context.passwordState,
        password: event.type === 'PASSWORD_CHANGED' ? event.password : context.passwordState.password,
        strength: null,
      },
      errorDescriptor: null,
    })),
    clearResetToken: assign({ resetPasswordState: { token: null } }),
    emitEvent: emit((_, params: WidgetEventDetail) => ({ type: 'widget.event' as const, detail: params })),
    emitError: emit(({ context }) => ({
      type: 'widget.error' as const,
      detail: toErrorDetail(context.errorDescriptor ?? {}),
    })),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    client: input.client,
    config: input.config,
    bootstrap: input.client.bootstrap.getSync(),
    screen: 'Loading',
    formState: initialFormState(),
    magicLinkState: { email: '' },
    otpState: { type: 'email', methodId: '', otpDestination: '' },
    passcode: { code: '', secondsLeft: 0, displayDestination: '' },
    errorDescriptor: null,
    urlToken: urlTokenFrom(input.url ?? (typeof location === 'undefined' ? undefined : location.href)),
    lastUsedOAuth: readLastUsedOAuth(input.client.publicToken),
    passwordState: { email: '', type: 'new', password: '', strength: null },
    resetPasswordState: { token: resetTokenFrom(input.url ?? (typeof location === 'undefined' ? undefined : location.href)) },
  }),
  // The fresh bootstrap document (email domains for Email Confirmation); the cached one is used until it arrives.
  invoke: [
    {
      src: 'loadBootstrap',
      input: ({ context }) => ({ client: context.client }),
      onDone: { actions: { type: 'setBootstrap', params: ({ event }) => ({ bootstrap: event.output }) } },
    },
    { src: 'watchSession', input: ({ context }) => ({ client: context.client }) },
  ],
  on: {
    CONFIG_CHANGED: { actions: 'setConfig' },
    ONE_TAP_ERROR: { actions: 'emitOneTapError' },
    ONE_TAP_SIGN_IN_FAILED: { actions: ['setCallError', 'emitError'] },
  },
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'hasUrlToken', target: 'authenticatingToken' },
        { guard: 'hasResetToken', target: 'password' },
        { target: 'main' },
      ],
    },

    main: {
      entry: [
        { type: 'show', params: { screen: 'Main' } },
        {
          type: 'log',
          params: ({ context }) => ({ name: TELEMETRY.renderLoginScreen, details: { options: telemetryOptions(context.config) } }),
        },
      ],
      // Google One Tap, when it is the only way in (spec section 2): its own statechart (one-tap.ts).
      invoke: {
        id: 'oneTap',
        src: 'oneTapMachine',
        input: ({ context }) => ({
          client: context.client,
          placement: oneTapPlacement(context.config, browserTraits()),
          provider: oauthProviders(context.config)[0],
          loginRedirectURL: context.config.oauthOptions?.loginRedirectURL,
          signupRedirectURL: context.config.oauthOptions?.signupRedirectURL,
        }),
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            OAUTH_START: { target: 'startingOAuth' },
            EMAIL_CHANGED: { actions: 'setForm' },
            PHONE_CHANGED: { actions: 'setForm' },
            COUNTRY_CHANGED: { actions: 'setForm' },
            TAB_SELECTED: { actions: 'setForm' },
            SUBMIT_EMAIL: [
              {
                guard: 'otpEmailValid',
                target: 'sendingOtp',
                actions: {
                  type: 'setOtpDestination',
                  params: ({ context }) => ({ type: 'email' as const, destination: context.formState.email.trim() }),
                },
              },
              { guard: 'emailTabIsOtp', actions: 'setInvalidOtpEmail' },
              { guard: 'magicLinkEmailValid', target: 'sendingMagicLink' },
              { guard: 'emailTabIsMagicLink', actions: 'setInvalidEmail' },
              { guard: 'passwordEmailValid', target: 'searchingUser' },
              { guard: 'emailTabIsPassword', actions: 'setInvalidEmail' },
            ],
            SUBMIT_PHONE: { guard: 'phoneTabActive', target: 'validatingPhone' },
          },
        },
        // A social sign-in button: the client navigates to the provider; the buttons stay busy until the page unloads.
        startingOAuth: {
          entry: 'clearError',
          invoke: {
            src: 'startOAuth',
            input: ({ context, event }) => ({
              client: context.client,
              provider: oauthProviders(context.config).find(
                (p) => p.type === (event as Extract<LoginEvent, { type: 'OAUTH_START' }>).provider,
              ) ?? { type: (event as Extract<LoginEvent, { type: 'OAUTH_START' }>).provider },
              loginRedirectURL: context.config.oauthOptions?.loginRedirectURL,
              signupRedirectURL: context.config.oauthOptions?.signupRedirectURL,
            }),
            // The hosted UI's success callback after starting a flow: remember the provider as last used.
            onDone: {
              target: 'redirecting',
              actions: [
                { type: 'rememberOAuth', params: ({ event }) => ({ provider: event.output.provider }) },
                { type: 'emitEvent', params: ({ event }) => ({ type: EVENT_TYPES.OAUTH_START, data: event.output }) },
              ],
            },
            onError: { target: 'idle', actions: ['setCallError', 'emitError'] },
          },
        },
        // Back from the provider's page, the browser may restore this page as it was left (back/forward cache): the
        // buttons must work again rather than stay busy.
        redirecting: {
          invoke: { src: 'watchPageRestore' },
          on: { PAGE_RESTORED: { target: 'idle' } },
        },
        // The phone library decides; if it has not answered within 2 s (or failed to load), the fallback does.
        validatingPhone: {
          entry: 'clearError',
          invoke: {
            src: 'validatePhone',
            input: ({ context }) => ({ phone: context.formState.phone, country: context.formState.country }),
            onDone: [
              {
                guard: { type: 'isPhoneValid', params: ({ event }) => ({ phoneNumber: event.output }) },
                target: 'sendingOtp',
                actions: {
                  type: 'setOtpDestination',
                  params: ({ context, event }) => ({ type: activeTab(context) as OtpMethod, destination: event.output ?? '' }),
                },
              },
              { target: 'idle', actions: 'setInvalidPhone' },
            ],
            onError: { target: 'phoneFallback' },
          },
          after: { phoneValidateTimeout: { target: 'phoneFallback' } },
        },
        phoneFallback: {
          always: [
            {
              guard: 'fallbackAccepts',
              target: 'sendingOtp',
              actions: {
                type: 'setOtpDestination',
                params: ({ context }) => ({
                  type: activeTab(context) as OtpMethod,
                  destination: fallbackE164(context.formState.phone, context.formState.callingCode) ?? '',
                }),
              },
            },
            { target: 'idle', actions: 'setInvalidPhone' },
          ],
        },
        // Passwords: the address's user type decides the screen; a passwordless user is sent a code, a link or a reset.
        searchingUser: {
          entry: 'clearError',
          invoke: {
            src: 'searchUser',
            input: ({ context }) => ({ client: context.client, email: context.formState.email.trim() }),
            onDone: [
              {
                guard: 'isPasswordless',
                target: '#login.passwordless',
                actions: {
                  type: 'setPasswordState',
                  params: ({ context }) => ({ email: context.formState.email.trim(), type: 'passwordless' as const }),
                },
              },
              {
                target: '#login.password',
                actions: {
                  type: 'setPasswordState',
                  params: ({ context, event }) => ({ email: context.formState.email.trim(), type: event.output, password: '', strength: null }),
                },
              },
            ],
            onError: { target: 'idle', actions: ['setCallError', 'emitError'] },
          },
        },
        sendingMagicLink: {
          entry: 'clearError',
          invoke: {
            src: 'sendMagicLink',
            input: ({ context }) => ({
              client: context.client,
              email: context.formState.email.trim(),
              options: magicLinkWireOptions(context.config.emailMagicLinksOptions),
            }),
            onDone: {
              target: '#login.emailConfirmation',
              actions: [
                { type: 'setMagicLinkEmail', params: ({ context }) => ({ email: context.formState.email.trim() }) },
                {
                  type: 'log',
                  params: ({ context }) => ({
                    name: TELEMETRY.emailSent,
                    details: { email: context.magicLinkState.email, type: LOGIN_OR_CREATE_EML },
                  }),
                },
                {
                  type: 'emitEvent',
                  params: ({ event }) => ({ type: EVENT_TYPES.MAGIC_LINK_LOGIN_OR_CREATE, data: event.output }),
                },
              ],
            },
            onError: {
              target: 'idle',
              actions: ['setCallError', 'emitError'],
            },
          },
        },
        sendingOtp: {
          entry: 'clearError',
          invoke: {
            src: 'sendOtp',
            input: ({ context }) => ({
              client: context.client,
              method: context.otpState.type,
              destination: context.otpState.otpDestination,
              options: otpOptionsFor(context.config, context.otpState.type),
            }),
            onDone: {
              target: '#login.otpAuthenticate',
              actions: [
                { type: 'setMethodId', params: ({ event }) => ({ methodId: event.output.method_id }) },
                { type: 'emitEvent', params: ({ event }) => ({ type: EVENT_TYPES.OTP_LOGIN_OR_CREATE, data: event.output }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: ['setCallError', 'emitError'],
            },
          },
        },
      },
    },

    emailConfirmation: {
      entry: { type: 'show', params: { screen: 'EmailConfirmation' } },
      on: {
        TRY_AGAIN: {
          target: 'main',
          actions: [
            {
              type: 'log',
              params: ({ context }) => ({
                name: TELEMETRY.emailTryAgainClicked,
                details: { email: context.magicLinkState.email, type: LOGIN_OR_CREATE_EML },
              }),
            },
            'clearMagicLinkEmail',
          ],
        },
        BACK: { target: 'main' },
      },
    },

    otpAuthenticate: {
      type: 'parallel',
      entry: [{ type: 'show', params: { screen: 'OTPAuthenticate' } }, 'startPasscode'],
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
        BACK: { target: 'main' },
        RESEND: { actions: 'forwardResend' },
        OTP_RESEND_FAILED: {
          actions: ['setCallError', 'emitError'],
        },
      },
      states: {
        code: {
          initial: 'entering',
          states: {
            entering: {
              on: {
                CODE_CHANGED: {
                  target: 'checking',
                  actions: [{ type: 'setPasscode', params: ({ event }) => ({ code: toPasscode(event.code) }) }, 'clearError'],
                },
              },
            },
            checking: {
              always: [{ guard: 'codeComplete', target: 'submitting' }, { target: 'entering' }],
            },
            submitting: {
              invoke: {
                src: 'authenticateOtp',
                input: ({ context }) => ({
                  client: context.client,
                  code: context.passcode.code,
                  methodId: context.otpState.methodId,
                  sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
                }),
                onDone: {
                  target: '#login.otpConfirmation',
                  actions: {
                    type: 'emitEvent',
                    params: ({ event }) => ({ type: EVENT_TYPES.OTP_AUTHENTICATE, data: event.output }),
                  },
                },
                onError: {
                  target: 'entering',
                  actions: [{ type: 'setPasscode', params: { code: '' } }, 'setCallError', 'emitError'],
                },
              },
            },
          },
        },
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
                { type: 'emitEvent', params: ({ event }) => ({ type: EVENT_TYPES.OTP_LOGIN_OR_CREATE, data: event.response }) },
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
                  actions: { type: 'setPasscode', params: ({ context }) => ({ secondsLeft: context.passcode.secondsLeft - 1 }) },
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

    // ---- Passwords ----

    /**
     * A user without a password (or a new one choosing 'instead'): a passcode if configured, else a magic link, else a
     * reset email (spec section 2).
     */
    passwordless: {
      always: [
        {
          guard: 'passwordlessOtp',
          target: 'main.sendingOtp',
          actions: {
            type: 'setOtpDestination',
            params: ({ context }) => ({ type: 'email' as const, destination: context.passwordState.email }),
          },
        },
        { guard: 'passwordlessMagicLink', target: 'main.sendingMagicLink' },
        { target: 'resetEmail', actions: { type: 'show', params: { screen: 'PasswordDedupe' } } },
      ],
    },

    password: {
      type: 'parallel',
      exit: 'clearError',
      on: {
        PASSWORD_CHANGED: [
          { guard: 'passwordEmpty', target: '.strength.idle', actions: 'setPassword' },
          { guard: 'checksStrength', target: '.strength.debouncing', reenter: true, actions: 'setPassword' },
          { actions: 'setPassword' },
        ],
        BACK: {
          target: 'main',
          actions: ['removeTokenFromUrl', 'clearResetToken', { type: 'setPasswordState', params: { password: '', strength: null } }],
        },
      },
      states: {
        strength: {
          initial: 'idle',
          states: {
            idle: {},
            debouncing: { after: { strengthDebounce: 'checking' } },
            checking: {
              invoke: {
                src: 'checkPasswordStrength',
                input: ({ context }) => ({
                  client: context.client,
                  email: context.passwordState.email,
                  password: context.passwordState.password,
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'setPasswordState', params: ({ event }) => ({ strength: event.output }) },
                },
                onError: { target: 'idle', actions: 'setCallError' },
              },
            },
          },
        },
        form: {
          initial: 'start',
          states: {
            start: { always: [{ guard: 'hasResetToken', target: 'resetForm' }, { target: 'credentials' }] },
            credentials: {
              entry: { type: 'show', params: { screen: 'Password' } },
              on: {
                SUBMIT_PASSWORD: { guard: 'canSubmitPassword', target: 'submitting' },
                FORGOT_PASSWORD: { target: '#login.passwordForgot', actions: { type: 'show', params: { screen: 'PasswordForgot' } } },
                // Offered only when a code or link is configured, so `passwordless` never falls through to a reset here.
                USE_EMAIL_INSTEAD: { target: '#login.passwordless' },
              },
            },
            submitting: {
              entry: 'clearError',
              invoke: {
                src: 'submitPassword',
                input: ({ context }) => ({
                  client: context.client,
                  create: context.passwordState.type !== 'password',
                  email: context.passwordState.email,
                  password: context.passwordState.password,
                  sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
                }),
                onDone: {
                  target: '#login.success',
                  actions: {
                    type: 'emitEvent',
                    params: ({ context, event }) => ({
                      type:
                        context.passwordState.type === 'password'
                          ? EVENT_TYPES.PASSWORD_AUTHENTICATE
                          : EVENT_TYPES.PASSWORD_CREATE,
                      data: event.output,
                    }),
                  },
                },
                onError: [
                  {
                    guard: { type: 'errorTypeIs', params: { errorType: 'reset_password' } },
                    target: '#login.resetEmail',
                    actions: { type: 'show', params: { screen: 'PasswordDedupe' } },
                  },
                  {
                    guard: { type: 'errorTypeIs', params: { errorType: 'breached_password' } },
                    target: '#login.passwordForgot',
                    actions: { type: 'show', params: { screen: 'PasswordBreached' } },
                  },
                  { target: 'credentials', actions: ['setCallError', 'emitError'] },
                ],
              },
            },
            resetForm: {
              entry: { type: 'show', params: { screen: 'PasswordResetForm' } },
              on: { SUBMIT_PASSWORD: { guard: 'canSubmitPassword', target: 'resetting' } },
            },
            resetting: {
              entry: 'clearError',
              invoke: {
                src: 'resetPasswordByEmail',
                input: ({ context }) => ({
                  client: context.client,
                  token: context.resetPasswordState.token ?? '',
                  password: context.passwordState.password,
                  sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
                }),
                onDone: {
                  target: '#login.success',
                  actions: [
                    'removeTokenFromUrl',
                    'clearResetToken',
                    { type: 'emitEvent', params: ({ event }) => ({ type: EVENT_TYPES.PASSWORD_RESET_BY_EMAIL, data: event.output }) },
                  ],
                },
                onError: { target: 'resetForm', actions: ['setCallError', 'emitError'] },
              },
            },
          },
        },
      },
    },

    /** Password Forgot or Password Breached (the transition in chose the screen): send the reset email. */
    passwordForgot: {
      on: {
        SEND_RESET: { target: 'resetEmail', actions: { type: 'show', params: { screen: 'PasswordSetNew' } } },
        BACK: { target: 'password' },
      },
    },

    /** Password Set New or Password Dedupe (the transition in chose the screen): the reset email and 'Resend email'. */
    resetEmail: {
      initial: 'sending',
      exit: 'clearError',
      on: { BACK: { target: 'main' } },
      states: {
        sending: {
          invoke: {
            src: 'startPasswordReset',
            input: resetInput,
            onDone: {
              target: 'sent',
              actions: { type: 'emitEvent', params: ({ event }) => ({ type: EVENT_TYPES.PASSWORD_RESET_BY_EMAIL_START, data: event.output }) },
            },
            onError: { target: 'sent', actions: ['setCallError', 'emitError'] },
          },
        },
        sent: { on: { RESEND_RESET: 'resending' } },
        resending: {
          entry: 'clearError',
          invoke: {
            src: 'startPasswordReset',
            input: resetInput,
            onDone: {
              target: 'resent',
              actions: { type: 'emitEvent', params: ({ event }) => ({ type: EVENT_TYPES.PASSWORD_RESET_BY_EMAIL_START, data: event.output }) },
            },
            onError: { target: 'sent', actions: ['setCallError', 'emitError'] },
          },
        },
        resent: { after: { successToast: 'sent' }, on: { RESEND_RESET: 'resending' } },
      },
    },

    otpConfirmation: {
      entry: [
        { type: 'show', params: { screen: 'OTPConfirmation' } },
        { type: 'emitEvent', params: { type: EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE, data: {} } },
      ],
      on: {
        SESSION_ENDED: { target: 'main' },
      },
    },

    authenticatingToken: {
      entry: { type: 'show', params: { screen: 'Loading' } },
      invoke: {
        src: 'authenticateUrlToken',
        input: ({ context }) => ({
          client: context.client,
          type: context.urlToken?.type ?? 'magic_links',
          token: context.urlToken?.token ?? '',
          sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
        }),
        onDone: {
          target: 'success',
          actions: [
            'removeTokenFromUrl',
            {
              type: 'emitEvent',
              params: ({ context, event }) => ({
                type: context.urlToken?.type === 'oauth' ? EVENT_TYPES.OAUTH_AUTHENTICATE : EVENT_TYPES.MAGIC_LINK_AUTHENTICATE,
                data: event.output,
              }),
            },
            'clearUrlToken',
          ],
        },
        onError: {
          target: 'error',
          actions: [
            'removeTokenFromUrl',
            'clearUrlToken',
            'setCallError',
            'emitError',
          ],
        },
      },
    },

    success: {
      entry: [
        { type: 'show', params: { screen: 'Success' } },
        { type: 'emitEvent', params: { type: EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE, data: {} } },
      ],
      on: {
        SESSION_ENDED: { target: 'main' },
      },
    },

    error: {
      entry: { type: 'show', params: { screen: 'Error' } },
      on: {
        BACK: { target: 'main', actions: 'clearError' },
      },
    },
  },
});

export type LoginMachine = typeof loginMachine;
