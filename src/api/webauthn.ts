// WebAuthn and passkeys on the wire (wire contract 3.8). The options and the credential travel as JSON *texts* whose
// binary members are unpadded base64url (the shape `@github/webauthn-json` and the browser's `toJSON()` use).
import type { ResponseCommon } from './envelope.ts';
import type { AuthenticateResponse } from './session.ts';
import type { WebAuthnRegistration } from './user.ts';

export const WEBAUTHN_PATHS = {
  registerStart: '/webauthn/register/start',
  register: '/webauthn/register',
  authenticateStartPrimary: '/webauthn/authenticate/start/primary',
  authenticateStartSecondary: '/webauthn/authenticate/start/secondary',
  authenticate: '/webauthn/authenticate',
  /** PUT, followed by `/{webauthn_registration_id}`. */
  update: '/webauthn/update',
} as const;

/** `authenticator_type` of register/start. */
export const AUTHENTICATOR_TYPES = ['platform', 'cross-platform'] as const;
export type AuthenticatorType = (typeof AUTHENTICATOR_TYPES)[number];

/** The session factor a passkey (or any WebAuthn) sign-in adds (wire contract 2.4). */
export const WEBAUTHN_FACTOR_DELIVERY_METHOD = 'webauthn_registration';

export interface WebAuthnRegisterStartRequest {
  /** The relying party id asked for: the page's hostname (`location.hostname`), always sent. */
  domain: string;
  /** `navigator.userAgent`, always sent; stored with the registration. */
  user_agent: string;
  authenticator_type?: AuthenticatorType;
  /** From `is_passkey`: a discoverable credential with user verification required. */
  return_passkey_credential_options?: boolean;
  override_id?: string;
  override_name?: string;
  override_display_name?: string;
  use_base64_url_encoding?: boolean;
}

export interface WebAuthnRegisterStartResponse extends ResponseCommon {
  user_id: string;
  /** JSON text of PublicKeyCredentialCreationOptions (binary members base64url). */
  public_key_credential_creation_options: string;
}

export interface WebAuthnRegisterRequest {
  /** JSON text of the created credential (RegistrationResponseJSON). */
  public_key_credential: string;
  session_duration_minutes?: number;
}

export interface WebAuthnRegisterResponse extends AuthenticateResponse {
  webauthn_registration_id: string;
}

export interface WebAuthnAuthenticateStartRequest {
  /** The relying party id asked for: the page's hostname. */
  domain: string;
  /** From `is_passkey`: no allow list (discoverable credentials), user verification required. */
  return_passkey_credential_options?: boolean;
}

export interface WebAuthnAuthenticateStartResponse extends ResponseCommon {
  /** JSON text of PublicKeyCredentialRequestOptions (binary members base64url). */
  public_key_credential_request_options: string;
}

export interface WebAuthnAuthenticateRequest {
  /** JSON text of the assertion (AuthenticationResponseJSON). */
  public_key_credential: string;
  session_duration_minutes: number;
}

export interface WebAuthnAuthenticateResponse extends AuthenticateResponse {
  webauthn_registration_id: string;
}

export interface WebAuthnUpdateRequest {
  name: string;
}

export interface WebAuthnUpdateResponse extends ResponseCommon {
  webauthn_registration: WebAuthnRegistration;
}
