// Organization discovery's statechart, run by the root as its child `product`:
//
//   start ─(Continue on Main's Email tab)→ sending (Main, busy) ─(sent)→ sent (EmailConfirmation)
//     │                                          └─(error)→ failed: Main with the error   └─TRY_AGAIN / BACK→ done
//     └─(the link's token)→ authenticating (Loading) ─(refused)→ refused: Error
//                               └─(the address's organizations)→ routing ─→ organizations (OrganizationDiscovery)
//                                    (one active membership and the config's direct login: exchanging at once;
//                                     none and the config's direct creation: creatingAtOnce)
//
//   organizations ─CHOOSE→ exchanging (busy) ─(member)→ signedIn: Success, or the MFA screens
//        │   │                   └─(error)→ organizations, with the error
//        │   └─CHOOSE (one that insists on its single sign-on)→ toSingleSignOn: the SSO product starts it
//        └─CREATE→ createForm (OrganizationCreate) ─SUBMIT_CREATE→ creating (busy) ─(member)→ signedIn
//                     └─BACK→ organizations                        └─(error)→ createForm, with the error
//
// Started with `{ tab: 'email' }` (Continue on Main's Email tab: the address typed there) or `{ token, use: 'open' }`
// (the page opened from a discovery link: the record's `urlToken`).
import { assign, sendParent, setup } from 'xstate';
import type { BootstrapData } from '../../../api/index.ts';
import type { ResolvedConfig } from '../../config.ts';
import { EVENT_TYPES } from '../../events.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import { removeTokenFromUrl } from '../../machine/url-token.ts';
import { callError, toMain, widgetError, widgetEvent } from '../kit.ts';
import type { DiscoveredOrganization } from '../../../api/discovery.ts';
import {
  errorFinal,
  type FirstFactorAnswer,
  type FirstFactorContext,
  firstFactorInvoke,
  reportFirstFactor,
  signedInFinal,
  toSingleSignOn,
} from '../organizations.ts';
import type { ProductInput, ProductOutput, ProductScreen, ScreenMeta, UrlTokenParams } from '../types.ts';
import { authenticateDiscoveryLink, createOrganization, exchangeForOrganization, sendDiscoveryLink } from './actors.ts';
import { discoveryWireOptions } from './config.ts';
import { SSO_AUTH_METHOD } from './constants.ts';
import { directLoginOrganization, organizationFormError, slugFrom } from './organization-form.ts';

export type DiscoveryParams = { tab: 'email' } | UrlTokenParams;

/** The screens this machine's states name (chunk.ts has each but Main). */
export type DiscoveryScreen = ProductScreen<
  'EmailConfirmation' | 'OrganizationDiscovery' | 'OrganizationCreate' | 'Loading'
>;

export interface DiscoveryContext extends FirstFactorContext {
  /** The bootstrap document: whether visitors may create organizations. */
  bootstrap: BootstrapData;
  /** The address the link goes (went) to, then the one it proved. */
  email: string;
  /** The token of the discovery link the page was opened with, when started with one. */
  token: string | null;
  /** The organizations the proven address belongs to or may join. */
  organizations: DiscoveredOrganization[];
  /** The organization picked: its exchange runs (its button busy), or it refused the address. */
  chosen: string | null;
  /** Create an organization's form; the slug follows the name until the visitor edits it. */
  form: { name: string; slug: string; slugEdited: boolean };
  /** The form field the error is about (null: the whole step). */
  errorField: 'name' | 'slug' | null;
}

export type DiscoveryEvent =
  | { type: 'TRY_AGAIN' }
  | { type: 'BACK' }
  | { type: 'CHOOSE'; organizationId: string }
  | { type: 'CREATE' }
  | { type: 'NAME_CHANGED'; name: string }
  | { type: 'SLUG_CHANGED'; slug: string }
  | { type: 'SUBMIT_CREATE' }
  | { type: 'SESSION_ENDED' }
  | { type: 'CONFIG_CHANGED'; config: ResolvedConfig };

/** The discovered organization with this id. */
function organizationOf(context: DiscoveryContext, id: string | null): DiscoveredOrganization | undefined {
  return context.organizations.find((o) => o.organization.organization_id === id);
}

/** An organization that admits the address only through another first factor, and that factor is not its SSO. */
function refusesAddress(organization: DiscoveredOrganization | undefined): boolean {
  return organization?.primary_required != null && !needsSingleSignOn(organization);
}

/** An organization that admits the address only through its single sign-on, which it names. */
function needsSingleSignOn(organization: DiscoveredOrganization | undefined): boolean {
  const methods = organization?.primary_required?.allowed_auth_methods ?? [];
  return (
    methods.length === 1 && methods[0] === SSO_AUTH_METHOD && !!organization?.organization.sso_default_connection_id
  );
}

/** Whether the project lets visitors create organizations and the config does not keep it from them. */
function mayCreate(context: DiscoveryContext): boolean {
  return context.bootstrap.createOrganizationEnabled && !context.config.discovery?.disableCreateOrganization;
}

/**
 * Creating an organization: named and slugged by the form, or (the form untouched, on direct creation) by the service
 * after the address; a refusal goes back where the visitor was.
 */
function creatingInvoke(refused: 'createForm' | 'organizations') {
  return firstFactorInvoke({
    src: 'createOrganization',
    input: (context: DiscoveryContext) => ({ name: context.form.name.trim(), slug: context.form.slug.trim() }),
    event: 'B2B_DISCOVERY_ORGANIZATIONS_CREATE',
    refused,
  });
}

export const discoveryMachine = setup({
  types: {
    context: {} as DiscoveryContext,
    events: {} as DiscoveryEvent,
    input: {} as ProductInput<DiscoveryParams>,
    output: {} as ProductOutput,
    meta: {} as ScreenMeta<DiscoveryScreen>,
  },
  actors: { sendDiscoveryLink, authenticateDiscoveryLink, exchangeForOrganization, createOrganization },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    directLogin: ({ context }) =>
      directLoginOrganization(context.organizations, context.config.discovery?.directLoginForSingleMembership) !== null,
    createAtOnce: ({ context }) =>
      context.organizations.length === 0 &&
      mayCreate(context) &&
      context.config.discovery?.directCreateOrganizationForNoMembership === true,
    mayCreate: ({ context }) => mayCreate(context),
    needsSingleSignOn: ({ context, event }) =>
      event.type === 'CHOOSE' && needsSingleSignOn(organizationOf(context, event.organizationId)),
    refusesAddress: ({ context, event }) =>
      event.type === 'CHOOSE' && refusesAddress(organizationOf(context, event.organizationId)),
    formInvalid: ({ context }) => organizationFormError(context.form) !== null,
  },
  actions: {
    choose: assign({ chosen: ({ event }) => (event.type === 'CHOOSE' ? event.organizationId : null) }),
    setCallError: assign({ errorDescriptor: ({ event }) => callError(event), errorField: null }),
    clearError: assign({ errorDescriptor: null, errorField: null }),
    reportError: sendParent(({ context }) => widgetError(context.errorDescriptor)),
    setPrimary: assign({ primary: (_, params: FirstFactorAnswer) => params.response }),
    reportFirstFactor: reportFirstFactor(),
  },
}).createMachine({
  id: 'discovery',
  context: ({ input }) => ({
    client: input.client,
    config: input.config,
    bootstrap: input.bootstrap,
    email: 'token' in input.params ? '' : input.formState.email.trim(),
    token: 'token' in input.params ? input.params.token : null,
    organizations: [],
    chosen: null,
    form: { name: '', slug: '', slugEdited: false },
    errorField: null,
    primary: null,
    errorDescriptor: null,
  }),
  on: { CONFIG_CHANGED: { actions: assign({ config: ({ event }) => event.config }) } },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'authenticating' }, { target: 'sending' }],
    },
    sending: {
      meta: { screen: 'Main' },
      invoke: {
        src: 'sendDiscoveryLink',
        input: ({ context }) => ({
          client: context.client,
          email: context.email,
          options: discoveryWireOptions(context.config, typeof location === 'undefined' ? undefined : location.href),
        }),
        onDone: {
          target: 'sent',
          actions: sendParent(({ event }) =>
            widgetEvent(EVENT_TYPES.B2B_MAGIC_LINK_EMAIL_DISCOVERY_SEND, event.output),
          ),
        },
        onError: { target: 'failed', actions: ['setCallError', 'reportError'] },
      },
    },
    sent: {
      meta: { screen: 'EmailConfirmation' },
      on: { TRY_AGAIN: { target: 'done' }, BACK: { target: 'done' } },
    },

    // The page was opened from a discovery link: its token proves the address and lists its organizations.
    authenticating: {
      meta: { screen: 'Loading' },
      invoke: {
        src: 'authenticateDiscoveryLink',
        input: ({ context }) => ({ client: context.client, token: context.token ?? '' }),
        onDone: {
          target: 'routing',
          actions: [
            removeTokenFromUrl,
            assign(({ event }) => ({
              email: event.output.response.email_address,
              organizations: event.output.response.discovered_organizations,
              bootstrap: event.output.bootstrap,
            })),
            sendParent(({ event }) =>
              widgetEvent(EVENT_TYPES.B2B_MAGIC_LINK_DISCOVERY_AUTHENTICATE, event.output.response),
            ),
          ],
        },
        onError: { target: 'refused', actions: [removeTokenFromUrl, 'setCallError', 'reportError'] },
      },
    },
    routing: {
      always: [
        {
          guard: 'directLogin',
          target: 'exchanging',
          actions: assign({
            chosen: ({ context }) =>
              directLoginOrganization(context.organizations, context.config.discovery?.directLoginForSingleMembership)!
                .organization.organization_id,
          }),
        },
        { guard: 'createAtOnce', target: 'creatingAtOnce' },
        { target: 'organizations' },
      ],
    },

    organizations: {
      meta: { screen: 'OrganizationDiscovery' },
      on: {
        CHOOSE: [
          { guard: 'needsSingleSignOn', target: 'toSingleSignOn', actions: 'choose' },
          {
            guard: 'refusesAddress',
            actions: [
              'choose',
              assign({ errorDescriptor: { messageKey: 'discovery.authPolicy' } as ErrorDescriptor, errorField: null }),
            ],
          },
          { target: 'exchanging', actions: ['choose', 'clearError'] },
        ],
        CREATE: {
          guard: 'mayCreate',
          target: 'createForm',
          actions: ['clearError', assign({ form: { name: '', slug: '', slugEdited: false } })],
        },
        TRY_AGAIN: { target: 'done' },
        BACK: { target: 'done' },
      },
    },
    exchanging: {
      meta: { screen: 'OrganizationDiscovery' },
      invoke: firstFactorInvoke({
        src: 'exchangeForOrganization',
        input: (context: DiscoveryContext) => ({ organizationId: context.chosen ?? '' }),
        event: 'B2B_DISCOVERY_INTERMEDIATE_SESSION_EXCHANGE',
        refused: 'organizations',
      }),
    },

    createForm: {
      meta: { screen: 'OrganizationCreate' },
      on: {
        NAME_CHANGED: {
          actions: [
            'clearError',
            assign({
              form: ({ context, event }) => ({
                ...context.form,
                name: event.name,
                slug: context.form.slugEdited ? context.form.slug : slugFrom(event.name),
              }),
            }),
          ],
        },
        SLUG_CHANGED: {
          actions: [
            'clearError',
            assign({ form: ({ context, event }) => ({ ...context.form, slug: event.slug, slugEdited: true }) }),
          ],
        },
        SUBMIT_CREATE: [
          {
            guard: 'formInvalid',
            actions: assign(({ context }) => {
              const error = organizationFormError(context.form)!;
              return { errorDescriptor: { messageKey: error.messageKey }, errorField: error.field };
            }),
          },
          { target: 'creating', actions: 'clearError' },
        ],
        BACK: { target: 'organizations', actions: 'clearError' },
      },
    },
    creating: { meta: { screen: 'OrganizationCreate' }, invoke: creatingInvoke('createForm') },
    // No organization, and the config creates one at once: named by the service after the address.
    creatingAtOnce: { meta: { screen: 'Loading' }, invoke: creatingInvoke('organizations') },

    signedIn: signedInFinal,
    toSingleSignOn: {
      type: 'final',
      output: ({ context }) =>
        toSingleSignOn(organizationOf(context, context.chosen)?.organization.sso_default_connection_id ?? ''),
    },
    refused: errorFinal,
    done: { type: 'final', output: () => toMain() },
    failed: { type: 'final', output: ({ context }) => toMain(context.errorDescriptor) },
  },
  output: ({ event }) => event.output as ProductOutput,
});

export type DiscoveryMachine = typeof discoveryMachine;
