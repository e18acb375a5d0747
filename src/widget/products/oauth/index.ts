// Social sign-in (with Google One Tap): the record Main and the root know; the machines, the social block and the
// strings are the lazy chunk (chunk.ts). The provider's redirect back (`?stytch_token_type=oauth&token=…`) opens the
// product, which signs in with the token; One Tap runs while Main shows.
import { TOKEN_TYPES } from '../../../api/index.ts';
import { SOCIAL_BUTTON_GAP_PX } from '../../ui/constants.ts';
import { v } from '../../theme/theme.ts';
import type { ProductRecord } from '../types.ts';
import { type OAuthConfig, oauthProviders, resolveOAuthConfig } from './config.ts';
import type { enOAuth } from './strings.ts';

/** This product's `::part()` names (PARTS; each described in docs.ts beside it, for custom-elements.json). */
export const OAUTH_PARTS = {
  /** The column of social sign-in buttons on Main. */
  socialButtons: 'social-buttons',
  /** A 'Continue with <Provider>' button (with `button` and `button-secondary`). */
  oauthButton: 'oauth-button',
  /** The provider's icon inside a social sign-in button. */
  providerIcon: 'provider-icon',
  /** The 'Last used' label above the provider used last on this device. */
  lastUsed: 'last-used',
  /** The area an embedded Google One Tap prompt renders in. */
  oneTap: 'one-tap',
} as const;

/** This product's widget event types (EVENT_TYPES, in `auth-login-event` and `callbacks.onEvent`). */
export const OAUTH_EVENTS = {
  /** A social sign-in button started its provider's flow; the page is navigating there. `data` is `{ provider }`. */
  OAUTH_START: 'OAUTH_START',
  /** The OAuth token from the page URL was authenticated. `data` is the authenticate response. */
  OAUTH_AUTHENTICATE: 'OAUTH_AUTHENTICATE',
} as const;

export const oauth: ProductRecord<{
  name: 'oauth';
  strings: typeof enOAuth;
  parts: typeof OAUTH_PARTS;
  events: typeof OAUTH_EVENTS;
  config: OAuthConfig;
  resolved: OAuthConfig;
}> = {
  name: 'oauth',
  folder: 'oauth',
  translations: { es: () => import('./strings.es.ts'), fr: () => import('./strings.fr.ts') },
  parts: OAUTH_PARTS,
  events: OAUTH_EVENTS,
  resolveConfig: resolveOAuthConfig,
  // Not on an organization sign-in (`authFlowType`): its social sign-in is members', which this product does not do.
  enabled: (config) => config.authFlowType === undefined && oauthProviders(config).length > 0,
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  blockView: () => import('./block.view.ts'),
  // The buttons' height is kept free while their chunk loads, so the form below does not jump when they appear.
  mainBlockHeight: (config) => {
    const count = oauthProviders(config).length;
    return count ? `calc(${count} * ${v('buttonHeight')} + ${(count - 1) * SOCIAL_BUTTON_GAP_PX}px)` : null;
  },
  urlToken: { type: TOKEN_TYPES.oauth, use: 'authenticate' },
  // One Tap keeps its state through a social sign-in started from Main (its redirect, a page restored as it was).
  runsOnMain: { throughOwnFlow: true },
};
