// Second factors of organization members: authenticator apps (TOTP), SMS passcodes and recovery codes, shaped as the
// hosted provider's B2B SDK sends and reads them (its `totp`, `otps.sms` and `recoveryCodes` clients). Before a
// member session exists, each call carries the intermediate session token in its body, as that SDK puts it there.
import type { ResponseCommon } from './envelope.ts';
import type { Member, MemberAuthenticateResponse, Organization } from './organizations.ts';

/** The `/sdk/v1` paths of the member second factors. */
export const MFA_PATHS = {
  totp: '/b2b/totp',
  totpAuthenticate: '/b2b/totp/authenticate',
  smsSend: '/b2b/otps/sms/send',
  smsAuthenticate: '/b2b/otps/sms/authenticate',
  recoveryCodes: '/b2b/recovery_codes',
  recoveryCodesRecover: '/b2b/recovery_codes/recover',
  recoveryCodesRotate: '/b2b/recovery_codes/rotate',
} as const;

/** `set_mfa_enrollment`: mark the member enrolled in MFA (or no longer) once the factor is proven. */
export const MFA_ENROLLMENT_CHANGES = ['enroll', 'unenroll'] as const;
export type MfaEnrollmentChange = (typeof MFA_ENROLLMENT_CHANGES)[number];

/** What every member MFA call names: the member, and (before a member session) the first factor's token. */
interface MemberMfaRequest {
  organization_id: string;
  member_id: string;
  /** The hosted SDK adds it from its cookie; absent once a member session exists (Basic auth carries that). */
  intermediate_session_token?: string;
  captcha_token?: string;
  dfp_telemetry_id?: string;
}

/** POST /b2b/totp: a new authenticator-app registration, unconfirmed until its first code is accepted. */
export interface MemberTotpCreateRequest extends MemberMfaRequest {
  expiration_minutes?: number;
}
export interface MemberTotpCreateResponse extends ResponseCommon {
  member_id: string;
  member: Member;
  organization: Organization;
  totp_registration_id: string;
  /** Base32 (RFC 4648) shared secret, for typing into the app by hand. */
  secret: string;
  /** A PNG data URL (`data:image/png;base64,...`) of the QR code of the `otpauth://totp/...` key URI. */
  qr_code: string;
  /** Shown this once: the service keeps only their digests. */
  recovery_codes: string[];
}

/** POST /b2b/totp/authenticate */
export interface MemberTotpAuthenticateRequest extends MemberMfaRequest {
  code: string;
  session_duration_minutes: number;
  set_mfa_enrollment?: MfaEnrollmentChange;
  set_default_mfa?: boolean;
}

/** POST /b2b/otps/sms/send: to the member's proven number, or (not yet enrolled) to `mfa_phone_number`. */
export interface MemberSmsSendRequest extends MemberMfaRequest {
  mfa_phone_number?: string;
  locale?: string;
  enable_autofill?: boolean;
  autofill_session_duration_minutes?: number;
}
export interface MemberSmsSendResponse extends ResponseCommon {
  member_id: string;
  member: Member;
  organization: Organization;
}

/** POST /b2b/otps/sms/authenticate */
export interface MemberSmsAuthenticateRequest extends MemberMfaRequest {
  code: string;
  session_duration_minutes: number;
  set_mfa_enrollment?: MfaEnrollmentChange;
  set_default_mfa?: boolean;
}

/** POST /b2b/recovery_codes/recover: a recovery code instead of the app's code; each code works once. */
export interface RecoveryCodeRecoverRequest extends MemberMfaRequest {
  recovery_code: string;
  session_duration_minutes: number;
}
export interface RecoveryCodeRecoverResponse extends MemberAuthenticateResponse {
  recovery_codes_remaining: number;
}

/**
 * GET /b2b/recovery_codes (member session). The codes are shown once, when they are made, and only their digests
 * are kept, so the list is empty; `recovery_codes_remaining` says how many still work. Rotate for a new set to show.
 */
export interface RecoveryCodeGetResponse extends ResponseCommon {
  member_id: string;
  recovery_codes: string[];
  recovery_codes_remaining: number;
}

/** POST /b2b/recovery_codes/rotate (member session): a new set; every earlier code stops working. */
export interface RecoveryCodeRotateResponse extends ResponseCommon {
  member_id: string;
  recovery_codes: string[];
}

/** The second-factor calls that end in a member session answer as every member sign-in does. */
export type MemberMfaAuthenticateResponse = MemberAuthenticateResponse;
