// The identity provider's statechart (spec sections 2, 4, 6 and 8): the consent and logout pages, run by the root as
// its child `product` when the element's `mode` or the page's query opens it.
//
//   start ─(a required parameter missing)→ invalid (IdpError: 'Required parameter is missing: …')
//     ├─(authorize with trustedAuthTokenParams)→ attesting (revoke, attest 60 min) ─→ route
//     │                                          └─(error)→ failed (IdpError)
//     └→ route ─(logout)→ logoutStarting ─(consent required)→ logoutConsent ─YES→ loggingOut ─→ leaving
//          │                      └─(not required)→ loggingOut               └─NO→ notLoggedOut
//          ├─(authorize, no session)→ noSession: Main with 'No active session detected…' (the root reopens this
//          │                                      product after a sign-in there)
//          └─(authorize)→ authorizing ─(no consent required)→ autoSubmitting ─→ leaving
//                   │  └─(session error)→ noSession     └─(consent required)→ consent ─ALLOW→ submitting ─→ leaving
//                   └─(error)→ failed                                           └─DENY→ denying ─→ denied (leaves)
import { assign, enqueueActions, sendParent, setup } from 'xstate';
import type { AuthorizeStartResponse, LogoutStartRequest } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import type { Mode, ResolvedConfig } from '../../config.ts';
import { EVENT_TYPES, TELEMETRY } from '../../events.ts';
import { createTranslator } from '../../i18n/index.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import { callError, toMain, widgetError, widgetEvent } from '../kit.ts';
import type { ProductInput, ProductOutput, ProductScreen, ScreenMeta } from '../types.ts';
import {
  attestTrustedToken,
  authorizeStart,
  authorizeSubmit,
  isSessionError,
  leaveFor,
  logoutStart,
  revokeSession,
} from './actors.ts';
import type { AuthorizeRequest, IdpRequest } from './config.ts';
import { idpRequestFrom } from './request.ts';

/** The screens this machine's states name (chunk.ts has each but Main). */
export type IdpScreen = ProductScreen<
  'IdpError' | 'IdpLoading' | 'Consent' | 'Denied' | 'LogoutConsent' | 'NotLoggedOut'
>;

/** What starts the product: `{ mode }` (the element's mode, or undefined when the page's query opened it). */
export interface IdpParams {
  mode?: Mode;
}

export interface IdpContext {
  client: AuthClient;
  config: ResolvedConfig;
  /** What the page's query asks for, read when the product starts (also when it reopens after a sign-in). */
  request: IdpRequest;
  /** The authorize preflight's answer: the app and the scopes the consent screen lists. */
  preflight: AuthorizeStartResponse | null;
  /** Where the browser goes next (the submit's or the logout preflight's redirect_uri). */
  redirectUri: string | null;
  /** What IdpError shows: the preflight's (or the attest's) failure. */
  errorDescriptor: ErrorDescriptor | null;
}

export type IdpEvent =
  | { type: 'ALLOW' }
  | { type: 'DENY' }
  | { type: 'YES' }
  | { type: 'NO' }
  | { type: 'SESSION_ENDED' }
  | { type: 'CONFIG_CHANGED'; config: ResolvedConfig };

const NO_SESSION: ErrorDescriptor = { messageKey: 'consent.noSession' };

/** The page's query string when the product starts. */
function pageQuery(): URLSearchParams {
  return new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
}

const authorizeRequest = (context: IdpContext) => (context.request as { request: AuthorizeRequest }).request;
const logoutRequest = (context: IdpContext) => (context.request as { request: LogoutStartRequest }).request;

export const idpMachine = setup({
  types: {
    context: {} as IdpContext,
    events: {} as IdpEvent,
    input: {} as ProductInput<IdpParams>,
    output: {} as ProductOutput,
    meta: {} as ScreenMeta<IdpScreen>,
  },
  actors: { attestTrustedToken, authorizeStart, authorizeSubmit, logoutStart, revokeSession },
  guards: {
    invalid: ({ context }) => context.request.flow === 'invalid',
    // The trusted token signs someone in for an authorization; a logout page has no use for a new session.
    trusted: ({ context }) => context.request.flow === 'authorize' && Boolean(context.config.trustedAuthTokenParams),
    logout: ({ context }) => context.request.flow === 'logout',
    signedOut: ({ context }) => context.client.session.getSync() === null,
    consentNotRequired: ({ event }) =>
      (event as unknown as { output: { consent_required: boolean } }).output.consent_required === false,
    sessionError: ({ event }) => isSessionError((event as { error?: unknown }).error),
  },
  actions: {
    setError: assign({ errorDescriptor: ({ event }) => callError(event) }),
    reportError: sendParent(({ context }) => widgetError(context.errorDescriptor)),
    setRedirect: assign({
      redirectUri: ({ event }) => (event as unknown as { output: { redirect_uri: string } }).output.redirect_uri,
    }),
    leave: ({ context }) => {
      if (context.redirectUri) leaveFor(context.redirectUri);
    },
    logRender: ({ context }) => {
      context.client.events.log(TELEMETRY.renderIdpScreen, { flow: context.request.flow });
    },
    preflightAnswered: enqueueActions(({ event, enqueue }) => {
      const output = (event as unknown as { output: AuthorizeStartResponse }).output;
      enqueue.assign({ preflight: output });
      enqueue.sendParent(widgetEvent(EVENT_TYPES.OAUTH_AUTHORIZE_FLOW_START, output));
    }),
    flowComplete: sendParent(({ event }) =>
      widgetEvent(EVENT_TYPES.OAUTH_AUTHORIZE_FLOW_COMPLETE, (event as unknown as { output: unknown }).output),
    ),
  },
}).createMachine({
  id: 'idp',
  context: ({ input }) => ({
    client: input.client,
    config: input.config,
    request: idpRequestFrom(pageQuery()),
    preflight: null,
    redirectUri: null,
    errorDescriptor: null,
  }),
  on: { CONFIG_CHANGED: { actions: assign({ config: ({ event }) => event.config }) } },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'invalid', target: 'invalid' }, { guard: 'trusted', target: 'attesting' }, { target: 'route' }],
    },

    // The link lacks a required parameter: the developer's mistake, said on the page (and to the error handler).
    invalid: {
      meta: { screen: 'IdpError' },
      entry: sendParent(({ context }) =>
        widgetError({
          message: createTranslator()('consent.missingParameter', {
            name: (context.request as { missing: string }).missing,
          }),
        }),
      ),
    },

    attesting: {
      meta: { screen: 'IdpLoading' },
      invoke: {
        src: 'attestTrustedToken',
        input: ({ context }) => ({ client: context.client, params: context.config.trustedAuthTokenParams! }),
        onDone: 'route',
        onError: { target: 'failed', actions: ['setError', 'reportError'] },
      },
    },

    route: {
      always: [
        { guard: 'logout', target: 'logoutStarting' },
        { guard: 'signedOut', target: 'noSession' },
        { target: 'authorizing' },
      ],
    },

    // The preflight: the app, whether consent is needed, which scopes this user may grant.
    authorizing: {
      meta: { screen: 'IdpLoading' },
      invoke: {
        src: 'authorizeStart',
        input: ({ context }) => ({ client: context.client, request: authorizeRequest(context) }),
        onDone: [
          { guard: 'consentNotRequired', target: 'autoSubmitting', actions: 'preflightAnswered' },
          { target: 'consent', actions: 'preflightAnswered' },
        ],
        onError: [
          { guard: 'sessionError', target: 'noSession' },
          { target: 'failed', actions: ['setError', 'reportError'] },
        ],
      },
    },

    // No consent needed (a first-party app, or one granted before): submitted at once with consent_granted false
    // (wire contract 3.12); the service grants what the app already has.
    autoSubmitting: {
      meta: { screen: 'IdpLoading' },
      invoke: {
        src: 'authorizeSubmit',
        input: ({ context }) => ({ client: context.client, request: authorizeRequest(context), consentGranted: false }),
        onDone: { target: 'leaving', actions: ['setRedirect', 'flowComplete'] },
        onError: { target: 'failed', actions: ['setError', 'reportError'] },
      },
    },

    consent: {
      meta: { screen: 'Consent' },
      entry: 'logRender',
      initial: 'asking',
      states: {
        asking: {
          on: {
            ALLOW: 'submitting',
            DENY: {
              target: 'denying',
              actions: sendParent(widgetEvent(EVENT_TYPES.OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED, {})),
            },
          },
        },
        submitting: {
          invoke: {
            src: 'authorizeSubmit',
            input: ({ context }) => ({
              client: context.client,
              request: authorizeRequest(context),
              consentGranted: true,
            }),
            onDone: { target: '#idp.leaving', actions: ['setRedirect', 'flowComplete'] },
            onError: { target: '#idp.failed', actions: ['setError', 'reportError'] },
          },
        },
        // Denied: the app still gets its answer (error=access_denied at its redirect_uri).
        denying: {
          invoke: {
            src: 'authorizeSubmit',
            input: ({ context }) => ({
              client: context.client,
              request: authorizeRequest(context),
              consentGranted: false,
            }),
            onDone: { target: '#idp.denied', actions: 'setRedirect' },
            onError: { target: '#idp.failed', actions: ['setError', 'reportError'] },
          },
        },
      },
    },

    // 'Access to the application was denied.' while the browser goes back to the app.
    denied: {
      meta: { screen: 'Denied' },
      entry: 'leave',
    },

    logoutStarting: {
      meta: { screen: 'IdpLoading' },
      invoke: {
        src: 'logoutStart',
        input: ({ context }) => ({ client: context.client, request: logoutRequest(context) }),
        onDone: [
          { guard: 'consentNotRequired', target: 'loggingOut', actions: 'setRedirect' },
          { target: 'logoutConsent', actions: 'setRedirect' },
        ],
        onError: { target: 'failed', actions: ['setError', 'reportError'] },
      },
    },

    logoutConsent: {
      meta: { screen: 'LogoutConsent' },
      entry: 'logRender',
      on: { YES: 'loggingOut', NO: 'notLoggedOut' },
    },

    loggingOut: {
      meta: { screen: 'IdpLoading' },
      invoke: { src: 'revokeSession', input: ({ context }) => ({ client: context.client }), onDone: 'leaving' },
    },

    notLoggedOut: { meta: { screen: 'NotLoggedOut' } },

    // The page is on its way to the app: nothing more happens here.
    leaving: {
      meta: { screen: 'IdpLoading' },
      entry: 'leave',
    },

    // The preflight (or a submit, or the trusted token) failed: the service's message on the error screen.
    failed: { meta: { screen: 'IdpError' } },

    // Authorize needs a session: Main says so above its form; a sign-in there reopens this product (the root).
    noSession: { type: 'final', output: toMain(NO_SESSION) },
  },
  output: ({ event }) => (event as unknown as { output: ProductOutput }).output,
});

export type IdpMachine = typeof idpMachine;
