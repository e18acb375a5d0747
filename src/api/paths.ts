import type { OtpMethod } from './otps.ts';

/** The `/sdk/v1` paths the client calls and the service serves; relative to `SDK_BASE_PATH`. */
export const PATHS = {
  bootstrap: (publicToken: string) => `/projects/bootstrap/${encodeURIComponent(publicToken)}`,
  events: '/events',
  usersMe: '/users/me',
  sessionsAuthenticate: '/sessions/authenticate',
  sessionsRevoke: '/sessions/revoke',
  magicLinksEmailLoginOrCreate: '/magic_links/email/login_or_create',
  magicLinksEmailSendPrimary: '/magic_links/email/send/primary',
  magicLinksEmailSendSecondary: '/magic_links/email/send/secondary',
  magicLinksAuthenticate: '/magic_links/authenticate',
  otpsLoginOrCreate: (method: OtpMethod) => `/otps/${method}/login_or_create` as const,
  otpsSendPrimary: (method: OtpMethod) => `/otps/${method}/send/primary` as const,
  otpsSendSecondary: (method: OtpMethod) => `/otps/${method}/send/secondary` as const,
  otpsAuthenticate: '/otps/authenticate',
  usersSearch: '/users/search',
  passwords: '/passwords',
  passwordsAuthenticate: '/passwords/authenticate',
  passwordsStrengthCheck: '/passwords/strength_check',
  passwordsEmailResetStart: '/passwords/email/reset/start',
  passwordsEmailReset: '/passwords/email/reset',
  passwordsExistingPasswordReset: '/passwords/existing_password/reset',
  passwordsSessionReset: '/passwords/session/reset',
  oauthAuthenticate: '/oauth/authenticate',
} as const;

/**
 * The JWKS document for verifying `session_jwt` (outside `/sdk/v1`, like the provider's
 * `/v1/sessions/jwks/{project_id}`).
 */
export const JWKS_PATH = '/.well-known/jwks.json';
