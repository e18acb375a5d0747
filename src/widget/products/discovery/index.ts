// Organization discovery (the organization sign-in's `authFlowType: 'Discovery'`): the record Main and the root know;
// the machine and screens are the lazy chunk (chunk.ts). Main's email form sends a discovery link; the link back
// (`?stytch_token_type=discovery&token=…`) lists the organizations the proven address belongs to or may join, and
// the one picked (or created) signs the member in, through MFA when the organization asks for it.
import type { ProductRecord } from '../types.ts';
import type { DiscoveryConfig, ResolvedDiscoveryConfig } from './config.ts';
import { DISCOVERY_TOKEN_TYPE } from './constants.ts';
import type { enDiscovery } from './strings.ts';

/** The hosted provider's defaults: no direct sign-in, no automatic creation, creation offered when allowed. */
function resolveDiscoveryConfig(config: DiscoveryConfig): ResolvedDiscoveryConfig {
  const {
    directLoginForSingleMembership: directLogin,
    directCreateOrganizationForNoMembership: directCreate,
    disableCreateOrganization: disableCreate,
  } = config;
  // A consumer page's config stays as it was: the options appear only where a page gives one.
  if (directLogin === undefined && directCreate === undefined && disableCreate === undefined) return {};
  return {
    discovery: {
      directLoginForSingleMembership: directLogin ?? null,
      directCreateOrganizationForNoMembership: directCreate ?? false,
      disableCreateOrganization: disableCreate ?? false,
    },
  };
}

/** This product's `::part()` names (PARTS; each described in docs.ts beside it, for custom-elements.json). */
export const DISCOVERY_PARTS = {
  /** An organization's button on Organization discovery. */
  organizationButton: 'organization-button',
} as const;

/** This product's widget event types (EVENT_TYPES, in `auth-login-event` and `callbacks.onEvent`). */
export const DISCOVERY_EVENTS = {
  /** A discovery link was sent. `data` is the response. */
  B2B_MAGIC_LINK_EMAIL_DISCOVERY_SEND: 'B2B_MAGIC_LINK_EMAIL_DISCOVERY_SEND',
  /** The discovery link's token was authenticated. `data` is the response (the discovered organizations). */
  B2B_MAGIC_LINK_DISCOVERY_AUTHENTICATE: 'B2B_MAGIC_LINK_DISCOVERY_AUTHENTICATE',
  /** An organization was picked and the proven address exchanged for its member. `data` is the response. */
  B2B_DISCOVERY_INTERMEDIATE_SESSION_EXCHANGE: 'B2B_DISCOVERY_INTERMEDIATE_SESSION_EXCHANGE',
  /** An organization was created with the proven address as its first member. `data` is the response. */
  B2B_DISCOVERY_ORGANIZATIONS_CREATE: 'B2B_DISCOVERY_ORGANIZATIONS_CREATE',
} as const;

export const discovery: ProductRecord<{
  name: 'discovery';
  strings: typeof enDiscovery;
  parts: typeof DISCOVERY_PARTS;
  events: typeof DISCOVERY_EVENTS;
  config: DiscoveryConfig;
  resolved: ResolvedDiscoveryConfig;
  emailKind: 'discovery';
}> = {
  name: 'discovery',
  folder: 'discovery',
  // The organization sign-in's email link: `products: ['emailMagicLinks']` under `authFlowType: 'Discovery'`.
  enabled: (config) => config.authFlowType === 'Discovery' && config.products.includes('emailMagicLinks'),
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  translations: { es: () => import('./strings.es.ts'), fr: () => import('./strings.fr.ts') },
  parts: DISCOVERY_PARTS,
  events: DISCOVERY_EVENTS,
  resolveConfig: resolveDiscoveryConfig,
  tabs: () => ['email'],
  // Above every consumer product on the Email tab: where it is enabled, the Email tab sends a discovery link.
  emailTab: { rank: 4, invalidEmail: 'validation.emailInvalid', kind: 'discovery' },
  // A link's token opens the organization list (after a spinner while it is checked).
  urlToken: { type: DISCOVERY_TOKEN_TYPE, use: 'open' },
};
