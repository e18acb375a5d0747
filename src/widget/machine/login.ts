// The login statechart (XState v5). Every screen of the widget is a state, every call to the service an invoked actor,
// and every timer a delayed transition: components only render the snapshot and send events.
//
//   start ─(token in URL)→ authenticatingToken ─→ success
//     │                          └─(error)→ error ─BACK→ main
//     └→ main.idle ─SUBMIT_EMAIL (valid)→ main.sendingMagicLink ─→ emailConfirmation ─TRY_AGAIN / BACK→ main
//              └─ (invalid: 'Email format is invalid.')      └─(error: inline message)→ main.idle
//
// Later issues add their screens as sibling states (otpAuthenticate, password, passkey…, crypto…, idpConsent) and
// their calls as actors.
import { assign, emit, setup } from 'xstate';
import { TOKEN_PARAM, TOKEN_TYPE_PARAM, TOKEN_TYPES } from '../../api/index.ts';
import { magicLinkWireOptions, type ResolvedConfig } from '../config.ts';
import { EVENT_TYPES, LOGIN_OR_CREATE_EML, TELEMETRY } from '../constants.ts';
import { isValidEmail } from '../validation.ts';
import { authenticateMagicLink, loadBootstrap, sendMagicLink, watchSession } from './actors.ts';
import { toErrorDescriptor, toErrorDetail } from './errors.ts';
import type {
  ErrorDescriptor,
  LoginContext,
  LoginEmitted,
  LoginEvent,
  LoginInput,
  Screen,
  WidgetEventDetail,
} from './types.ts';

/** The magic-link token of a redirect URL (`?stytch_token_type=magic_links&token=…`), or null. */
export function magicLinkTokenFrom(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const params = new URL(url).searchParams;
    return params.get(TOKEN_TYPE_PARAM) === TOKEN_TYPES.magicLinks ? params.get(TOKEN_PARAM) || null : null;
  } catch {
    return null;
  }
}

/** The configuration as telemetry reports it (`render_login_screen` details): no CSP nonce. */
function telemetryOptions(config: ResolvedConfig): Omit<ResolvedConfig, 'nonce'> {
  const { nonce: _nonce, ...options } = config;
  return options;
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    emitted: {} as LoginEmitted,
  },
  actors: { sendMagicLink, authenticateMagicLink, loadBootstrap, watchSession },
  guards: {
    hasMagicLinkToken: ({ context }) => context.urlToken !== null,
    isEmailValid: ({ context }) => isValidEmail(context.formState.email),
  },
  actions: {
    show: assign((_, params: { screen: Screen }) => ({ screen: params.screen })),
    setDraftEmail: assign(({ event }) =>
      event.type === 'EMAIL_CHANGED' ? { formState: { email: event.email }, errorDescriptor: null } : {},
    ),
    setConfig: assign(({ event, context }) => ({ config: event.type === 'CONFIG_CHANGED' ? event.config : context.config })),
    setBootstrap: assign((_, params: { bootstrap: LoginContext['bootstrap'] }) => ({ bootstrap: params.bootstrap })),
    setMagicLinkEmail: assign((_, params: { email: string }) => ({ magicLinkState: { email: params.email } })),
    clearMagicLinkEmail: assign({ magicLinkState: { email: '' } }),
    setInvalidEmail: assign({ errorDescriptor: { messageKey: 'validation.emailInvalid' } as ErrorDescriptor }),
    setError: assign((_, params: { error: unknown }) => ({ errorDescriptor: toErrorDescriptor(params.error) })),
    clearError: assign({ errorDescriptor: null }),
    clearUrlToken: assign({ urlToken: null }),
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
    formState: { email: '' },
    magicLinkState: { email: '' },
    errorDescriptor: null,
    urlToken: magicLinkTokenFrom(input.url ?? (typeof location === 'undefined' ? undefined : location.href)),
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
  },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasMagicLinkToken', target: 'authenticatingToken' }, { target: 'main' }],
    },

    main: {
      entry: [
        { type: 'show', params: { screen: 'Main' } },
        {
          type: 'log',
          params: ({ context }) => ({ name: TELEMETRY.renderLoginScreen, details: { options: telemetryOptions(context.config) } }),
        },
      ],
      initial: 'idle',
      states: {
        idle: {
          on: {
            EMAIL_CHANGED: { actions: 'setDraftEmail' },
            SUBMIT_EMAIL: [{ guard: 'isEmailValid', target: 'sendingMagicLink' }, { actions: 'setInvalidEmail' }],
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
              actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, 'emitError'],
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

    authenticatingToken: {
      entry: { type: 'show', params: { screen: 'Loading' } },
      invoke: {
        src: 'authenticateMagicLink',
        input: ({ context }) => ({
          client: context.client,
          token: context.urlToken ?? '',
          sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
        }),
        onDone: {
          target: 'success',
          actions: [
            'removeTokenFromUrl',
            'clearUrlToken',
            { type: 'emitEvent', params: ({ event }) => ({ type: EVENT_TYPES.MAGIC_LINK_AUTHENTICATE, data: event.output }) },
          ],
        },
        onError: {
          target: 'error',
          actions: [
            'removeTokenFromUrl',
            'clearUrlToken',
            { type: 'setError', params: ({ event }) => ({ error: event.error }) },
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
