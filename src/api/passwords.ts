import type { ResponseCommon } from './envelope.ts';
import type { AuthenticateResponse } from './session.ts';

/** Captcha and device-fingerprint fields every retriable password call accepts (wire contract 1.5). */
interface ProtectedRequest {
  captcha_token?: string;
  dfp_telemetry_id?: string;
}

/** POST /passwords (create) and POST /passwords/authenticate. */
export interface PasswordRequest extends ProtectedRequest {
  email: string;
  password: string;
  session_duration_minutes: number;
}

export interface PasswordCreateResponse extends AuthenticateResponse {
  email_id: string;
}

export type PasswordAuthenticateResponse = AuthenticateResponse;

/** Reset-email options as they go on the wire (the UI's `passwordOptions`, wire contract 4). */
export interface PasswordResetOptionsWire {
  login_redirect_url?: string;
  reset_password_redirect_url?: string;
  reset_password_expiration_minutes?: number;
  reset_password_template_id?: string;
  locale?: string;
}

/** POST /passwords/email/reset/start */
export interface PasswordResetStartRequest extends PasswordResetOptionsWire, ProtectedRequest {
  email: string;
  /** Only when the project requires PKCE for password resets (`passwords` key pair). */
  code_challenge?: string;
}

export type PasswordResetStartResponse = ResponseCommon;

/** POST /passwords/email/reset: the token from the emailed link. */
export interface PasswordResetByEmailRequest extends ProtectedRequest {
  token: string;
  password: string;
  session_duration_minutes: number;
  code_verifier?: string;
}

/** POST /passwords/existing_password/reset */
export interface PasswordResetByExistingRequest extends ProtectedRequest {
  email: string;
  existing_password: string;
  new_password: string;
  session_duration_minutes: number;
}

/** POST /passwords/session/reset (needs a session). */
export interface PasswordResetBySessionRequest extends ProtectedRequest {
  password: string;
  session_duration_minutes?: number;
}

export type PasswordResetResponse = AuthenticateResponse;

/** POST /passwords/strength_check */
export interface PasswordStrengthCheckRequest {
  password: string;
  email?: string;
}

export const STRENGTH_POLICIES = ['zxcvbn', 'luds'] as const;
export type StrengthPolicy = (typeof STRENGTH_POLICIES)[number];

/** What LUDS (lowercase, uppercase, digit, symbol) found in a password and what it still lacks. */
export interface LudsRequirements {
  has_digit: boolean;
  has_lower_case: boolean;
  has_symbol: boolean;
  has_upper_case: boolean;
  /** Characters short of the project's minimum length (0 when long enough). */
  missing_characters: number;
  /** Character classes short of the project's complexity (0 when complex enough). */
  missing_complexity: number;
}

export interface PasswordStrengthCheckResponse extends ResponseCommon {
  valid_password: boolean;
  /** zxcvbn's score, 0 (weakest) to 4. */
  score: number;
  breached_password: boolean;
  breach_detection_on_create: boolean;
  strength_policy: StrengthPolicy;
  feedback: { suggestions: string[]; warning: string; luds_requirements: LudsRequirements };
}

/** POST /users/search: what kind of account an address has. camelCase on the wire (wire contract 3.2). */
export interface UserSearchRequest {
  email: string;
  captcha_token?: string;
  dfp_telemetry_id?: string;
}

export const USER_TYPES = ['new', 'password', 'passwordless'] as const;
export type UserType = (typeof USER_TYPES)[number];

export interface UserSearchResponse extends ResponseCommon {
  userType: UserType;
}

/** zxcvbn's score from which a password is valid under the zxcvbn policy (0–4 scale). */
export const ZXCVBN_VALID_SCORE = 3;
/** Minutes a reset link lives when the request names none (like magic links). */
export const DEFAULT_PASSWORD_RESET_EXPIRATION_MINUTES = 30;
