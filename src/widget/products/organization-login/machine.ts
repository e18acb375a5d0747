// The organization login's statechart (`authFlowType: 'Organization'`), run by the root as its child `product`; it
// opens at start instead of Main (its record's `opens.fromConfig`):
//
//   start ─→ finding (OrganizationLogin: 'Continue to ...') ─(found)→ login (OrganizationLogin: 'Continue to <name>')
//     │            └─(none by that slug, or no slug)→ notFound: Error           │
//     │            └─(refused)→ refused: Error                                  │
//     │   login ─SUBMIT→ sending (busy) ─(sent)→ sent (EmailConfirmation) ─BACK / TRY_AGAIN→ login
//     │     │               └─(error)→ login, with the error
//     │     └─CHOOSE (a connection)→ toSingleSignOn: the SSO product starts it
//     └─(the link's token)→ authenticating (Loading) ─(member)→ signedIn: Success, or the MFA screens
//                                     └─(refused)→ refused: Error
//
// Started with `{ mode }` (the config opens it) or `{ token, use: 'authenticate' }` (the page opened from the
// organization's email link: the record's `urlToken`).
import { assign, sendParent, setup } from 'xstate';
import type { ResolvedConfig } from '../../config.ts';
import { EVENT_TYPES } from '../../events.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import { pageUrl } from '../../machine/url-token.ts';
import { isValidEmail } from '../../validation.ts';
import { callError, widgetError, widgetEvent } from '../kit.ts';
import {
  type ConnectionChosenEvent,
  type EmailFormEvent,
  errorFinal,
  type FirstFactorAnswer,
  type FirstFactorContext,
  firstFactorInvoke,
  reportFirstFactor,
  signedInFinal,
  toSingleSignOn,
} from '../organizations.ts';
import type { ProductInput, ProductOutput, ProductScreen, ScreenMeta, UrlTokenParams } from '../types.ts';
import { authenticateOrganizationLink, findOrganization, sendOrganizationLink } from './actors.ts';
import { organizationLinkWireOptions } from './config.ts';
import type { SlugOrganization } from './organization.ts';

export type OrganizationLoginParams = { mode?: string } | UrlTokenParams;

/** The screens this machine's states name (chunk.ts has each). */
export type OrganizationLoginScreen = ProductScreen<'OrganizationLogin' | 'EmailConfirmation' | 'Loading'>;

export interface OrganizationLoginContext extends FirstFactorContext {
  /** The organization the page is for, once found. */
  organization: SlugOrganization | null;
  /** The address typed, then the one the link went to. */
  email: string;
  /** The token of the organization link the page was opened with, when started with one. */
  token: string | null;
  /** The connection the visitor picked. */
  connectionId: string | null;
}

export type OrganizationLoginEvent =
  | EmailFormEvent
  | ConnectionChosenEvent
  | { type: 'TRY_AGAIN' }
  | { type: 'BACK' }
  | { type: 'SESSION_ENDED' }
  | { type: 'CONFIG_CHANGED'; config: ResolvedConfig };

/** The hosted provider's message when no organization answers the page's slug. */
const NOT_FOUND: ErrorDescriptor = { messageKey: 'organizationLogin.notFound' };

export const organizationLoginMachine = setup({
  types: {
    context: {} as OrganizationLoginContext,
    events: {} as OrganizationLoginEvent,
    input: {} as ProductInput<OrganizationLoginParams>,
    output: {} as ProductOutput,
    meta: {} as ScreenMeta<OrganizationLoginScreen>,
  },
  actors: { findOrganization, sendOrganizationLink, authenticateOrganizationLink },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    found: ({ event }) => (event as unknown as { output: SlugOrganization | null }).output !== null,
    emailInvalid: ({ context }) => !isValidEmail(context.email),
  },
  actions: {
    setCallError: assign({ errorDescriptor: ({ event }) => callError(event) }),
    clearError: assign({ errorDescriptor: null }),
    reportError: sendParent(({ context }) => widgetError(context.errorDescriptor)),
    setPrimary: assign({ primary: (_, params: FirstFactorAnswer) => params.response }),
    reportFirstFactor: reportFirstFactor(),
  },
}).createMachine({
  id: 'organizationLogin',
  context: ({ input }) => ({
    client: input.client,
    config: input.config,
    organization: null,
    email: '',
    token: 'token' in input.params ? input.params.token : null,
    connectionId: null,
    primary: null,
    errorDescriptor: null,
  }),
  on: { CONFIG_CHANGED: { actions: assign({ config: ({ event }) => event.config }) } },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'authenticating' }, { target: 'finding' }],
    },

    // 'Continue to ...' while the organization the page names is looked up.
    finding: {
      meta: { screen: 'OrganizationLogin' },
      invoke: {
        src: 'findOrganization',
        input: ({ context }) => ({ client: context.client, config: context.config, url: pageUrl() ?? '' }),
        onDone: [
          { guard: 'found', target: 'login', actions: assign({ organization: ({ event }) => event.output }) },
          { target: 'notFound' },
        ],
        onError: { target: 'refused', actions: ['setCallError', 'reportError'] },
      },
    },
    login: {
      // Its buttons hand over to single sign-on, and a first factor may lead to MFA: their chunks come now.
      meta: { screen: 'OrganizationLogin', preload: ['sso', 'mfa'] },
      on: {
        EMAIL_CHANGED: { actions: ['clearError', assign({ email: ({ event }) => event.email })] },
        SUBMIT: [
          {
            guard: 'emailInvalid',
            actions: assign({ errorDescriptor: { messageKey: 'validation.emailInvalid' } as ErrorDescriptor }),
          },
          { target: 'sending', actions: 'clearError' },
        ],
        CHOOSE: {
          target: 'toSingleSignOn',
          actions: assign({ connectionId: ({ event }) => event.connectionId }),
        },
      },
    },
    sending: {
      meta: { screen: 'OrganizationLogin' },
      invoke: {
        src: 'sendOrganizationLink',
        input: ({ context }) => ({
          client: context.client,
          email: context.email.trim(),
          organizationId: context.organization!.organization_id,
          options: organizationLinkWireOptions(context.config),
        }),
        onDone: {
          target: 'sent',
          actions: sendParent(({ event }) =>
            widgetEvent(EVENT_TYPES.B2B_MAGIC_LINK_EMAIL_LOGIN_OR_SIGNUP, event.output),
          ),
        },
        onError: { target: 'login', actions: ['setCallError', 'reportError'] },
      },
    },
    sent: {
      meta: { screen: 'EmailConfirmation' },
      on: {
        TRY_AGAIN: { target: 'login', actions: assign({ email: '' }) },
        BACK: { target: 'login' },
      },
    },

    // The page was opened from the organization's email link: its token signs the member in.
    authenticating: {
      meta: { screen: 'Loading' },
      invoke: firstFactorInvoke({
        src: 'authenticateOrganizationLink',
        input: (context: OrganizationLoginContext) => ({ token: context.token ?? '' }),
        event: 'B2B_MAGIC_LINK_AUTHENTICATE',
        refused: 'refused',
        fromUrl: true,
      }),
    },

    signedIn: signedInFinal,
    toSingleSignOn: { type: 'final', output: ({ context }) => toSingleSignOn(context.connectionId ?? '') },
    notFound: { type: 'final', output: () => ({ to: 'error', error: NOT_FOUND }) },
    refused: errorFinal,
  },
  output: ({ event }) => event.output as ProductOutput,
});

export type OrganizationLoginMachine = typeof organizationLoginMachine;
