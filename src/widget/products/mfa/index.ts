// The organization MFA screens (MFA enrollment, TOTP, SMS OTP, recovery codes): the record the root knows; the
// machine and screens are the lazy chunk (chunk.ts). Never on Main and no value of `products`: an organization
// sign-in's first factor hands the member over to it when the organization asks for a second one
// (products/organizations.ts), so its chunk is fetched with Main's on every organization sign-in page.
import type { ProductRecord } from '../types.ts';
import type { MfaConfig, ResolvedMfaConfig } from './config.ts';
import type { enMfa } from './strings.ts';

/** The hosted provider's defaults: every factor the organization allows, an authenticator app first. */
function resolveMfaConfig(config: MfaConfig): ResolvedMfaConfig {
  const { mfaProductOrder: order, mfaProductInclude: include } = config;
  if (!order && !include) return {};
  return {
    mfa: { ...(order ? { productOrder: [...order] } : {}), ...(include ? { productInclude: [...include] } : {}) },
  };
}

/** This product's `::part()` names (PARTS; each described in docs.ts beside it, for custom-elements.json). */
export const MFA_PARTS = {
  /** The QR code of TOTP enrollment. */
  qrCode: 'qr-code',
  /** The TOTP secret as text, to type or copy into an authenticator app. */
  totpSecret: 'totp-secret',
  /** The list of recovery codes. */
  recoveryCodes: 'recovery-codes',
} as const;

/** This product's widget event types (EVENT_TYPES, in `auth-login-event` and `callbacks.onEvent`). */
export const MFA_EVENTS = {
  /** A TOTP registration was made for the member (its QR code shows). `data` is the response. */
  B2B_TOTP_CREATE: 'B2B_TOTP_CREATE',
  /** A TOTP code was verified: the member is signed in. `data` is the response. */
  B2B_TOTP_AUTHENTICATE: 'B2B_TOTP_AUTHENTICATE',
  /** A passcode was sent by text message (also by 'Resend code'). `data` is the response. */
  B2B_SMS_OTP_SEND: 'B2B_SMS_OTP_SEND',
  /** A passcode sent by text message was verified: the member is signed in. `data` is the response. */
  B2B_SMS_OTP_AUTHENTICATE: 'B2B_SMS_OTP_AUTHENTICATE',
  /** A recovery code signed the member in (it works no more). `data` is the response. */
  B2B_RECOVERY_CODES_RECOVER: 'B2B_RECOVERY_CODES_RECOVER',
} as const;

export const mfa: ProductRecord<{
  name: 'mfa';
  strings: typeof enMfa;
  parts: typeof MFA_PARTS;
  events: typeof MFA_EVENTS;
  config: MfaConfig;
  resolved: ResolvedMfaConfig;
}> = {
  name: 'mfa',
  folder: 'mfa',
  // On every organization sign-in page: its first factors may hand over to it.
  enabled: (config) => config.authFlowType !== undefined,
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  translations: { es: () => import('./strings.es.ts'), fr: () => import('./strings.fr.ts') },
  parts: MFA_PARTS,
  events: MFA_EVENTS,
  resolveConfig: resolveMfaConfig,
};
