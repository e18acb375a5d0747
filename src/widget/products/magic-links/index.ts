// Email magic links: the record Main and the root know; the machine and screens are the lazy chunk (chunk.ts). A link
// in the page URL (`?stytch_token_type=magic_links&token=…`) opens the product, which signs in with it.
import { DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES, TOKEN_TYPES } from '../../../api/index.ts';
import type { ConfigContext } from '../../config.ts';
import type { EarlySend } from '../../shell/early-send.ts';
import { isValidEmail } from '../../validation.ts';
import type { ProductRecord } from '../types.ts';
import { magicLinkWireOptions, type MagicLinksConfig, type ResolvedMagicLinksConfig } from './config.ts';
import { sendEarly } from './sent-link.ts';
import type { enMagicLinks } from './strings.ts';

/** `emailMagicLinksOptions.createUserAsPending` default (spec section 9). */
const DEFAULT_CREATE_USER_AS_PENDING = false;

/** The spec's defaults (section 9), with the redirect URLs resolved against the page's origin. */
function resolveMagicLinksConfig(config: MagicLinksConfig, context: ConfigContext): ResolvedMagicLinksConfig {
  const options = config.emailMagicLinksOptions ?? {};
  return {
    emailMagicLinksOptions: {
      ...options,
      loginRedirectURL: context.absolute(options.loginRedirectURL),
      signupRedirectURL: context.absolute(options.signupRedirectURL),
      loginExpirationMinutes: options.loginExpirationMinutes ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
      signupExpirationMinutes: options.signupExpirationMinutes ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
      createUserAsPending: options.createUserAsPending ?? DEFAULT_CREATE_USER_AS_PENDING,
    },
  };
}

/**
 * Continue on the first paint's Email tab: the link leaves in Continue's own task, for the product's send to adopt
 * (sent-link.ts), and Email Confirmation is painted by the lazy module once answered.
 */
const emailSend: EarlySend = {
  send: ({ client, config, email }) => {
    // As the product's machine takes the address (machine.ts), after the root's check of its format.
    const address = email.trim();
    if (!isValidEmail(address)) return undefined;
    return sendEarly(client, address, magicLinkWireOptions(config.emailMagicLinksOptions));
  },
  screen: () => import('./early-send.ts'),
};

/** This product's widget event types (EVENT_TYPES, in `auth-login-event` and `callbacks.onEvent`). */
export const MAGIC_LINK_EVENTS = {
  /** A magic link was sent (login or sign-up). `data` is the login-or-create response. */
  MAGIC_LINK_LOGIN_OR_CREATE: 'MAGIC_LINK_LOGIN_OR_CREATE',
  /** The magic-link token from the page URL was authenticated. `data` is the authenticate response. */
  MAGIC_LINK_AUTHENTICATE: 'MAGIC_LINK_AUTHENTICATE',
} as const;

/** This product's telemetry event names (TELEMETRY, sent through `client.events.log`). */
export const MAGIC_LINK_TELEMETRY = {
  emailSent: 'email_sent',
  emailTryAgainClicked: 'email_try_again_clicked',
} as const;

export const magicLinks: ProductRecord<{
  name: 'emailMagicLinks';
  strings: typeof enMagicLinks;
  events: typeof MAGIC_LINK_EVENTS;
  telemetry: typeof MAGIC_LINK_TELEMETRY;
  config: MagicLinksConfig;
  resolved: ResolvedMagicLinksConfig;
  emailKind: 'magicLink';
}> = {
  name: 'emailMagicLinks',
  folder: 'magic-links',
  // The default product (spec section 1).
  byDefault: true,
  // An organization sign-in's email link is discovery's (the same `products` name, under `authFlowType`).
  enabled: (config) => config.authFlowType === undefined && config.products.includes('emailMagicLinks'),
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  translations: { es: () => import('./strings.es.ts'), fr: () => import('./strings.fr.ts') },
  events: MAGIC_LINK_EVENTS,
  telemetry: MAGIC_LINK_TELEMETRY,
  resolveConfig: resolveMagicLinksConfig,
  tabs: () => ['email'],
  emailTab: { rank: 1, invalidEmail: 'validation.emailInvalid', kind: 'magicLink', passwordless: true },
  urlToken: { type: TOKEN_TYPES.magicLinks, use: 'authenticate' },
  emailSend,
};
