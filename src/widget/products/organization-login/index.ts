// The organization login (the organization sign-in's `authFlowType: 'Organization'`): the record the root knows; the
// machine and screens are the lazy chunk (chunk.ts). It opens at start instead of Main on the organization the page
// names (the config's `organizationSlug`, or the page's URL by the project's organization URL template), with that
// organization's sign-in methods: its email link, whose way back
// (`?stytch_token_type=multi_tenant_magic_links&token=…`) signs the member in (through MFA when the organization asks
// for it), and its single sign-on connections.
import { B2B_TOKEN_TYPES } from '../../../api/organizations.ts';
import type { ProductRecord } from '../types.ts';
import type { OrganizationLoginConfig, ResolvedOrganizationLoginConfig } from './config.ts';
import type { enOrganizationLogin } from './strings.ts';

/** The slug a page gives, when it gives one. */
function resolveOrganizationLoginConfig(config: OrganizationLoginConfig): ResolvedOrganizationLoginConfig {
  return config.organizationSlug ? { organizationSlug: config.organizationSlug } : {};
}

/** This product's widget event types (EVENT_TYPES, in `auth-login-event` and `callbacks.onEvent`). */
export const ORGANIZATION_LOGIN_EVENTS = {
  /** The organization's email link was sent. `data` is the response. */
  B2B_MAGIC_LINK_EMAIL_LOGIN_OR_SIGNUP: 'B2B_MAGIC_LINK_EMAIL_LOGIN_OR_SIGNUP',
  /** The organization link's token was authenticated. `data` is the response. */
  B2B_MAGIC_LINK_AUTHENTICATE: 'B2B_MAGIC_LINK_AUTHENTICATE',
} as const;

export const organizationLogin: ProductRecord<{
  name: 'organizationLogin';
  strings: typeof enOrganizationLogin;
  events: typeof ORGANIZATION_LOGIN_EVENTS;
  config: OrganizationLoginConfig;
  resolved: ResolvedOrganizationLoginConfig;
}> = {
  name: 'organizationLogin',
  folder: 'organization-login',
  enabled: (config) => config.authFlowType === 'Organization',
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  translations: { es: () => import('./strings.es.ts'), fr: () => import('./strings.fr.ts') },
  events: ORGANIZATION_LOGIN_EVENTS,
  resolveConfig: resolveOrganizationLoginConfig,
  // Its own screen instead of Main: the organization's name and methods, which Main's form knows nothing of.
  opens: { fromConfig: (config) => config.authFlowType === 'Organization' },
  // The organization's email link signs in at once (a spinner, then Success, the MFA screens, or Error).
  urlToken: { type: B2B_TOKEN_TYPES.organizationLink, use: 'authenticate' },
};
