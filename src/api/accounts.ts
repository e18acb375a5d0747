// Wire types and paths of account management: user mutations and factor deletion, connected apps, session exchange and
// attest, impersonation and TOTP (wire contract 3.2, 3.3, 3.10, 3.11).
import type { ResponseCommon } from './envelope.ts';
import type { AuthenticateResponse } from './session.ts';
import type { User } from './user.ts';

/** The factor kinds `DELETE /users/<kind>/{id}` removes (wire contract 3.2). */
export const USER_FACTOR_KINDS = [
  'emails',
  'phone_numbers',
  'totps',
  'crypto_wallets',
  'oauth',
  'webauthn_registrations',
  'biometric_registrations',
] as const;
export type UserFactorKind = (typeof USER_FACTOR_KINDS)[number];

export const ACCOUNT_PATHS = {
  userFactor: (kind: UserFactorKind, id: string) => `/users/${kind}/${encodeURIComponent(id)}` as const,
  connectedApps: '/users/connected_apps',
  connectedAppRevoke: (id: string) => `/users/connected_apps/${encodeURIComponent(id)}/revoke` as const,
  sessionsExchangeAccessToken: '/sessions/exchange_access_token',
  sessionsAttest: '/sessions/attest',
  impersonationAuthenticate: '/impersonation/authenticate',
  totps: '/totps',
  totpsAuthenticate: '/totps/authenticate',
  totpsRecoveryCodes: '/totps/recovery_codes',
  totpsRecover: '/totps/recover',
} as const;

/** UserMutResp (wire contract 2.6): the client stores `__user`. */
export interface UserMutationResponse extends ResponseCommon {
  user_id: string;
  __user: User;
}

/** PUT /users/me */
export interface UserUpdateRequest {
  name?: { first_name?: string; middle_name?: string; last_name?: string };
  untrusted_metadata?: Record<string, unknown>;
}
export interface UserUpdateResponse extends UserMutationResponse {
  emails: User['emails'];
  phone_numbers: User['phone_numbers'];
  crypto_wallets: User['crypto_wallets'];
}

export interface ConnectedApp {
  connected_app_id: string;
  name: string;
  description: string;
  client_type: string;
  logo_url?: string;
  /** Space-separated scopes (wire contract 3.2 [U]). */
  scopes_granted: string;
}
export interface ConnectedAppsResponse extends ResponseCommon {
  connected_apps: ConnectedApp[];
}

/** POST /sessions/exchange_access_token */
export interface ExchangeAccessTokenRequest {
  access_token: string;
  session_duration_minutes: number;
}

/** POST /sessions/attest: `token` is a JWT from a trusted issuer named by `profile_id`. */
export interface AttestRequest {
  profile_id: string;
  token: string;
  session_duration_minutes?: number;
  session_token?: string;
  session_jwt?: string;
}

/** POST /impersonation/authenticate */
export interface ImpersonationAuthenticateRequest {
  impersonation_token: string;
  captcha_token?: string;
  dfp_telemetry_id?: string;
}

/** POST /totps */
export interface TotpCreateResponse extends ResponseCommon {
  totp_id: string;
  /** Base32 (RFC 4648) shared secret. */
  secret: string;
  /** The `otpauth://totp/...` key URI an authenticator app scans (a QR code encodes exactly this text). */
  qr_code: string;
  recovery_codes: string[];
  __user: User;
}

export interface TotpAuthenticateResponse extends AuthenticateResponse {
  totp_id: string;
}

/** POST /totps/recovery_codes: an array, as the provider's docs show (wire contract 3.10 [U]). */
export interface TotpRecoveryCodesResponse extends ResponseCommon {
  user_id: string;
  totps: { totp_id: string; verified: boolean; recovery_codes: string[] }[];
}
