// Passwords: the record Main and the root know; the machine and screens are the lazy chunk (chunk.ts). A password
// takes the Email tab when enabled (spec section 2), and a reset link in the page URL opens the reset form.
import { TOKEN_TYPES } from '../../../api/index.ts';
import type { ConfigContext } from '../../config.ts';
import type { ProductRecord } from '../types.ts';
import type { PasswordsConfig } from './config.ts';
import type { enPasswords } from './strings.ts';

/** The redirect URLs resolved against the page's origin; without `passwordOptions` the service's defaults apply. */
function resolvePasswordsConfig(config: PasswordsConfig, context: ConfigContext): PasswordsConfig {
  if (!config.passwordOptions) return {};
  return {
    passwordOptions: {
      ...config.passwordOptions,
      resetPasswordRedirectURL: context.absolute(config.passwordOptions.resetPasswordRedirectURL),
      loginRedirectURL: context.absolute(config.passwordOptions.loginRedirectURL),
    },
  };
}

/** This product's `::part()` names (PARTS; each described in docs.ts beside it, for custom-elements.json). */
export const PASSWORD_PARTS = {
  /** The password's show/hide toggle. */
  passwordToggle: 'password-toggle',
  /** The four-bar zxcvbn strength meter; each bar also has `strength-bar`. */
  strengthMeter: 'strength-meter',
  strengthBar: 'strength-bar',
} as const;

/** This product's widget event types (EVENT_TYPES, in `auth-login-event` and `callbacks.onEvent`). */
export const PASSWORD_EVENTS = {
  /** An account was created with a password. `data` is the create response. */
  PASSWORD_CREATE: 'PASSWORD_CREATE',
  /** A visitor logged in with a password. `data` is the authenticate response. */
  PASSWORD_AUTHENTICATE: 'PASSWORD_AUTHENTICATE',
  /**
   * A password-reset email was sent (forgot, breached, dedupe, or again with 'Resend email'). `data` is the response.
   */
  PASSWORD_RESET_BY_EMAIL_START: 'PASSWORD_RESET_BY_EMAIL_START',
  /** A new password was set from the emailed link. `data` is the reset response. */
  PASSWORD_RESET_BY_EMAIL: 'PASSWORD_RESET_BY_EMAIL',
} as const;

export const passwords: ProductRecord<{
  name: 'passwords';
  strings: typeof enPasswords;
  parts: typeof PASSWORD_PARTS;
  events: typeof PASSWORD_EVENTS;
  config: PasswordsConfig;
  resolved: PasswordsConfig;
  emailKind: 'password';
}> = {
  name: 'passwords',
  folder: 'passwords',
  // Not on an organization sign-in (`authFlowType`): its passwords are members', which this product does not sign in.
  enabled: (config) => config.authFlowType === undefined && config.products.includes('passwords'),
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  translations: { es: () => import('./strings.es.ts'), fr: () => import('./strings.fr.ts') },
  parts: PASSWORD_PARTS,
  events: PASSWORD_EVENTS,
  resolveConfig: resolvePasswordsConfig,
  tabs: () => ['email'],
  emailTab: { rank: 3, invalidEmail: 'validation.emailInvalid', kind: 'password' },
  urlToken: { type: TOKEN_TYPES.resetPassword, use: 'open' },
};
