// The identity provider (consent and logout screens): the record the root knows; the machine, screens and strings
// are the lazy chunk (chunk.ts). It is never on Main: the element's `mode` or an authorize/logout link opens it.
import type { ProductRecord } from '../types.ts';
import { type IdpConfig, isIdpQuery, resolveIdpConfig } from './config.ts';
import { IDENTITY_PROVIDER, IDENTITY_PROVIDER_MODE } from './constants.ts';
import type { enIdp } from './strings.ts';

/** This product's widget event types (EVENT_TYPES, in `auth-login-event` and `callbacks.onEvent`). */
export const IDP_EVENTS = {
  /** The consent page's preflight answered (identity provider). `data` is the authorize start response. */
  OAUTH_AUTHORIZE_FLOW_START: 'OAUTH_AUTHORIZE_FLOW_START',
  /**
   * The consent was submitted (Allow, or the automatic submit); the page navigates to the app next. `data` is the
   * response.
   */
  OAUTH_AUTHORIZE_FLOW_COMPLETE: 'OAUTH_AUTHORIZE_FLOW_COMPLETE',
  /** Deny on the consent screen. `data` is `{}`. */
  OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED: 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED',
} as const;

/** This product's telemetry event names (TELEMETRY, sent through `client.events.log`). */
export const IDP_TELEMETRY = {
  renderIdpScreen: 'render_idp_screen',
} as const;

export const identityProvider: ProductRecord<{
  name: typeof IDENTITY_PROVIDER;
  unlisted: true;
  strings: typeof enIdp;
  events: typeof IDP_EVENTS;
  telemetry: typeof IDP_TELEMETRY;
  mode: typeof IDENTITY_PROVIDER_MODE;
  config: IdpConfig;
  resolved: IdpConfig;
}> = {
  name: IDENTITY_PROVIDER,
  folder: 'idp',
  unlisted: true,
  enabled: () => false,
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  translations: { es: () => import('./strings.es.ts'), fr: () => import('./strings.fr.ts') },
  events: IDP_EVENTS,
  telemetry: IDP_TELEMETRY,
  resolveConfig: resolveIdpConfig,
  opens: { mode: IDENTITY_PROVIDER_MODE, fromQuery: isIdpQuery, resumesAfterSignIn: true },
};
