// Single sign-on for organizations (`products: ['sso']` in an organization sign-in): the record Main and the root
// know; the machine and screens are the lazy chunk (chunk.ts). Main's block offers 'Use single sign-on', which asks
// for the address whose domain names the organization's connections (SSO discovery); the identity provider sends the
// member back with `?stytch_token_type=sso&token=…`, which signs them in (through MFA when the organization asks).
import { v } from '../../theme/theme.ts';
import type { ConfigContext } from '../../config.ts';
import type { ProductRecord } from '../types.ts';
import type { ResolvedSsoConfig, SsoConfig } from './config.ts';
import { SSO_TOKEN_TYPE } from './constants.ts';
import type { enSso } from './strings.ts';

/** The redirect URLs resolved against the page's origin; nothing when the page gives no `ssoOptions`. */
function resolveSsoConfig(config: SsoConfig, context: ConfigContext): ResolvedSsoConfig {
  const options = config.ssoOptions;
  if (!options) return {};
  return {
    ssoOptions: {
      loginRedirectURL: context.absolute(options.loginRedirectURL),
      signupRedirectURL: context.absolute(options.signupRedirectURL),
    },
  };
}

/** This product's `::part()` names (PARTS; each described in docs.ts beside it, for custom-elements.json). */
export const SSO_PARTS = {
  /** Main's 'Use single sign-on' button, and each connection's button on SSO discovery. */
  ssoButton: 'sso-button',
} as const;

/** This product's widget event types (EVENT_TYPES, in `auth-login-event` and `callbacks.onEvent`). */
export const SSO_EVENTS = {
  /** The connections of an address's domain were found. `data` is the response (`connections`). */
  B2B_SSO_DISCOVER_CONNECTIONS: 'B2B_SSO_DISCOVER_CONNECTIONS',
  /** The browser is sent to a connection's identity provider. `data` is `{ connection_id }`. */
  B2B_SSO_START: 'B2B_SSO_START',
  /** The identity provider's token from the page URL was authenticated. `data` is the response. */
  B2B_SSO_AUTHENTICATE: 'B2B_SSO_AUTHENTICATE',
} as const;

export const sso: ProductRecord<{
  name: 'sso';
  strings: typeof enSso;
  parts: typeof SSO_PARTS;
  events: typeof SSO_EVENTS;
  config: SsoConfig;
  resolved: ResolvedSsoConfig;
}> = {
  name: 'sso',
  folder: 'sso',
  // Only in an organization sign-in: a consumer page has no organizations to sign in to.
  enabled: (config) => config.authFlowType !== undefined && config.products.includes('sso'),
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  translations: { es: () => import('./strings.es.ts'), fr: () => import('./strings.fr.ts') },
  parts: SSO_PARTS,
  events: SSO_EVENTS,
  resolveConfig: resolveSsoConfig,
  // One button: 'Use single sign-on'.
  mainBlockHeight: () => v('buttonHeight'),
  blockView: () => import('./block.view.ts'),
  urlToken: { type: SSO_TOKEN_TYPE, use: 'authenticate' },
};
