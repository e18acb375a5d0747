// Email magic links: the record Main and the root know; the machine and screens are the lazy chunk (chunk.ts). A link
// in the page URL (`?stytch_token_type=magic_links&token=…`) opens the product, which signs in with it.
import {
  DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
  TOKEN_TYPES,
  type MagicLinkLoginOrCreateResponse,
  type MagicLinkOptionsWire,
} from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import type { ConfigContext } from '../../config.ts';
import type { EarlySend } from '../../shell/early-send.ts';
import { isValidEmail } from '../../validation.ts';
import type { ProductRecord } from '../types.ts';
import { magicLinkWireOptions, type MagicLinksConfig, type ResolvedMagicLinksConfig } from './config.ts';
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

// The link the first paint sent (the early send below) before React arrived, for the product's send (actors.ts) to
// adopt instead of sending again: one request, and one email, for one Continue. Here, with the record that sends it,
// in the entry; the product's chunk imports it from there.
interface EarlyLink {
  email: string;
  options: string;
  answer: Promise<MagicLinkLoginOrCreateResponse>;
}

/** At most one send waiting to be adopted per client (per element): a newer Continue replaces it. */
const early = new WeakMap<AuthClient, EarlyLink>();

/** Sends the link now, for the product to adopt; its answer (or error) is also the caller's. */
function sendEarly(
  client: AuthClient,
  email: string,
  options: MagicLinkOptionsWire,
): Promise<MagicLinkLoginOrCreateResponse> {
  const answer = client.magicLinks.email.loginOrCreate(email, options);
  early.set(client, { email, options: JSON.stringify(options), answer });
  return answer;
}

/**
 * The send the first paint made for this very address and these options, taken once (a later Continue sends anew);
 * else a new send.
 */
export function adoptOrSend(
  client: AuthClient,
  email: string,
  options: MagicLinkOptionsWire,
): Promise<MagicLinkLoginOrCreateResponse> {
  const held = early.get(client);
  early.delete(client);
  if (held && held.email === email && held.options === JSON.stringify(options)) return held.answer;
  return client.magicLinks.email.loginOrCreate(email, options);
}

/**
 * Continue on the first paint's Email tab: the link leaves in Continue's own task, for the product's send to adopt
 * (adoptOrSend above), and Email Confirmation is painted by the lazy module once answered.
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
