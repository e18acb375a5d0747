// The rules of Main's social block (spec section 2) as pure functions: the order of the provider buttons, and when and
// where Google One Tap renders. Tested without a browser page.
import type { ResolvedConfig } from '../../config.ts';
import type { OAuthProviderConfig } from './config.ts';
import { ONE_TAP_EMBEDDED_POSITIONS, ONE_TAP_ERRORS, ONE_TAP_POSITIONS, type OneTapError } from './constants.ts';
import { oauthProviders } from './config.ts';

/** The providers in configured order, the last-used one moved to the front (and whether it was found). */
export function orderProviders(
  providers: OAuthProviderConfig[],
  lastUsed: string | null,
): { providers: OAuthProviderConfig[]; lastUsedFound: boolean } {
  const index = lastUsed ? providers.findIndex((p) => p.type === lastUsed) : -1;
  if (index < 0) return { providers, lastUsedFound: false };
  return {
    providers: [providers[index]!, ...providers.slice(0, index), ...providers.slice(index + 1)],
    lastUsedFound: true,
  };
}

/** Phones (not tablets), as Google's client tells them apart: there its prompt shows embedded, as a bottom sheet. */
export function isMobileUserAgent(ua: string): boolean {
  const has = (s: string) => ua.includes(s);
  const tablet = has('iPad') || (has('Android') && !has('Mobile')) || has('Silk');
  const mobile = has('iPod') || has('iPhone') || has('Android') || has('IEMobile');
  return mobile && !tablet;
}

export interface BrowserTraits {
  mobile: boolean;
  /** The browser has its own (FedCM) sign-in prompt, which Google uses instead of an embedded one. */
  fedcm: boolean;
}

export function browserTraits(): BrowserTraits {
  if (typeof navigator === 'undefined') return { mobile: false, fedcm: false };
  return { mobile: isMobileUserAgent(navigator.userAgent), fedcm: 'IdentityCredential' in globalThis };
}

/**
 * Where One Tap renders, or null when it does not: only when `oauth` is the single product with a single provider,
 * Google, with `one_tap` true and a valid `position` (spec section 2). Embedded on phones, for `forceLegacyEmbedded`,
 * and for the embedded positions where the browser has no native prompt; `embeddedOnly` renders nowhere else.
 */
export function oneTapPlacement(config: ResolvedConfig, traits: BrowserTraits): 'embedded' | 'floating' | null {
  const providers = oauthProviders(config);
  const only = providers.length === 1 ? providers[0] : undefined;
  if (config.products.length !== 1 || !only || only.type !== 'google' || only.one_tap !== true) return null;
  const position = only.position;
  if (position !== undefined && !(ONE_TAP_POSITIONS as readonly string[]).includes(position)) return null;
  if (position === 'forceLegacyEmbedded' || traits.mobile) return 'embedded';
  if ((ONE_TAP_EMBEDDED_POSITIONS as readonly (string | undefined)[]).includes(position) && !traits.fedcm)
    return 'embedded';
  return position === 'embeddedOnly' ? null : 'floating';
}

/** The error state for why One Tap did not start or show (a client result `reason`); `none` for a plain cancel. */
export function oneTapErrorFor(reason: string): OneTapError {
  switch (reason) {
    case 'unregistered_origin':
      return ONE_TAP_ERRORS.originNotAllowedForClient;
    case 'invalid_client':
    case 'oauth_config_not_found':
    case 'no_login_redirect_urls_set':
    case 'no_signup_redirect_urls_set':
    case 'default_provider_not_allowed':
      return reason;
    default:
      return ONE_TAP_ERRORS.none;
  }
}
