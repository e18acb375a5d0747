// One-time passcodes by text message, WhatsApp or email: the record Main and the root know; the machine and screens
// are the lazy chunk (chunk.ts).
import { DEFAULT_OTP_EXPIRATION_MINUTES, type OtpMethod } from '../../../api/index.ts';
import type { ConfigContext, ResolvedConfig } from '../../config.ts';
import type { ProductRecord } from '../types.ts';
import type { OtpConfig, ResolvedOtpConfig } from './config.ts';
import type { enOtps } from './strings.ts';

/**
 * `otpOptions.methods` when a page enables the `otp` product without naming methods: email, the default passcode type
 * of the widget state (spec section 3, `otpState.type`).
 */
const DEFAULT_OTP_METHODS = ['email'] as const;

/** The spec's defaults (sections 3 and 9): email only, passcodes living 5 minutes. */
function resolveOtpConfig(config: OtpConfig, context: ConfigContext): ResolvedOtpConfig {
  if (!config.otpOptions && !context.products.includes('otp')) return {};
  const options = config.otpOptions ?? {};
  return {
    otpOptions: {
      ...options,
      methods: options.methods ? [...options.methods] : [...DEFAULT_OTP_METHODS],
      expirationMinutes: options.expirationMinutes ?? DEFAULT_OTP_EXPIRATION_MINUTES,
    },
  };
}

/** The passcode channels the login form offers (none unless the `otp` product is enabled): its tabs, in order. */
function otpMethods(config: ResolvedConfig): OtpMethod[] {
  return config.products.includes('otp') ? (config.otpOptions?.methods ?? []) : [];
}

/** This product's `::part()` names (PARTS; each described in docs.ts beside it, for custom-elements.json). */
export const OTP_PARTS = {
  /** The bar that fills while a passcode is verified. */
  progressBar: 'progress-bar',
} as const;

/** This product's widget event types (EVENT_TYPES, in `auth-login-event` and `callbacks.onEvent`). */
export const OTP_EVENTS = {
  /** A passcode was sent (the first one, or again with 'Resend code'). `data` is the send response (`method_id`). */
  OTP_LOGIN_OR_CREATE: 'OTP_LOGIN_OR_CREATE',
  /** A passcode was authenticated. `data` is the authenticate response. */
  OTP_AUTHENTICATE: 'OTP_AUTHENTICATE',
} as const;

export const otps: ProductRecord<{
  name: 'otp';
  strings: typeof enOtps;
  parts: typeof OTP_PARTS;
  events: typeof OTP_EVENTS;
  config: OtpConfig;
  resolved: ResolvedOtpConfig;
  emailKind: 'otp';
}> = {
  name: 'otp',
  folder: 'otps',
  // Not on an organization sign-in (`authFlowType`): its passcodes are members', which this product does not send.
  enabled: (config) => config.authFlowType === undefined && config.products.includes('otp'),
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  translations: { es: () => import('./strings.es.ts'), fr: () => import('./strings.fr.ts') },
  parts: OTP_PARTS,
  events: OTP_EVENTS,
  resolveConfig: resolveOtpConfig,
  tabs: (config) => otpMethods(config),
  // A passcode by email and a magic link cannot share the Email tab: Main says so (spec section 2).
  emailTab: {
    rank: 2,
    invalidEmail: 'validation.emailInvalidOtp',
    kind: 'otp',
    passwordless: true,
    conflict: 'config.emlAndEmailOtp',
  },
};
