/**
 * Every `error_type` the specification names, in one table. The service only ever answers with one of these; the
 * widget maps each to a message key in `src/widget/i18n/`.
 */
export const ERROR_TYPES = [
  // The widget's error catalogue (widget spec section 8).
  'invalid_email',
  'invalid_phone_number',
  'unsubscribed_phone_number',
  'inactive_email',
  'unauthorized_credentials',
  'user_unauthenticated',
  'email_not_found',
  'unable_to_auth_magic_link',
  'no_user_password',
  'breached_password',
  'reset_password',
  'oauth_token_not_found',
  'invalid_code',
  'member_password_not_found',
  'oauth_flow_callback_error',
  'unauthorized_action',
  'user_lock_limit_reached',
  'invalid_session_token',
  'session_not_found',
  'invalid_phone_number_country_code',
  'otp_code_not_found',
  'duplicate_member_phone_number',
  'webauthn_registration_not_found',
  // Session-level types the client treats as unrecoverable (wire contract 1.6).
  'invalid_secret_authentication',
  // The backend API: a user id that names nobody.
  'user_not_found',
  // Request-shape and transport errors of our service.
  'invalid_json',
  'invalid_request',
  'bad_request',
  'invalid_public_token',
  'invalid_redirect_url',
  'pkce_mismatch',
  'pkce_expected_code_verifier',
  'magic_link_not_found',
  'phone_number_not_found',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'origin_not_allowed',
  'internal_server_error',
  // TOTP, access-token exchange, attest, impersonation, connected apps.
  'totp_not_found',
  'totp_code_already_authenticated',
  'recovery_code_not_found',
  'access_token_not_found',
  'impersonation_token_not_found',
  'trusted_auth_profile_not_found',
  'invalid_trusted_auth_token',
  'connected_app_not_found',
  // Passwords: a password the project's strength policy refuses; an address that already has a password.
  'weak_password',
  'duplicate_email',
  // Social sign-in and Google One Tap.
  'oauth_config_not_found',
  'oauth_invalid_provider',
  'oauth_state_not_found',
  'no_login_redirect_urls_set',
  'no_signup_redirect_urls_set',
  'invalid_id_token',
  'oauth_callback_not_found',
  // Delivery: the email, SMS or WhatsApp message could not be handed to the SMTP server or the SMS webhook.
  'message_delivery_failed',
  // WebAuthn and passkeys: a credential id already registered (to anyone); a challenge that is unknown, used or
  // expired; a credential or ceremony that does not verify (signature, origin, RP id, counter, user presence
  // or verification).
  'duplicate_webauthn_registration',
  'webauthn_challenge_not_found',
  'invalid_webauthn_credential',
  // Crypto wallets: a malformed or unknown wallet address or type; a challenge that is unknown, used or
  // expired; a Sign-In with Ethereum message signed before its Not Before time; a signature that does not verify for
  // the address and the challenge.
  'invalid_crypto_wallet_address',
  'invalid_crypto_wallet_type',
  'crypto_wallet_challenge_not_found',
  'crypto_wallet_challenge_not_yet_valid',
  'invalid_crypto_wallet_signature',
  // Sign in with Westlight: an unknown connected app; a redirect or post-logout URI not registered for it
  // exactly; a response type other than `code`; a malformed scope or PKCE code challenge, or none from a public app.
  'idp_client_not_found',
  'invalid_redirect_uri',
  'invalid_post_logout_redirect_uri',
  'unsupported_response_type',
  'invalid_scope',
  'invalid_code_challenge',
  // Organizations (B2B): an intermediate session token that is unknown, used or expired, or bound to another
  // organization or member; an unknown organization or member; a slug another organization has, or one outside the
  // slug pattern; a name too long or empty; an address the organization does not admit by email (not at all, or not
  // from that domain); a primary factor the organization does not accept.
  'intermediate_session_not_found',
  'invalid_intermediate_session_token_for_organization',
  'organization_not_found',
  'member_not_found',
  'organization_slug_already_used',
  'invalid_organization_slug',
  'invalid_organization_name',
  'email_jit_provisioning_not_allowed',
  'invalid_email_for_jit_provisioning',
  'operation_restricted_by_organization_auth_methods',
  // Enterprise SSO (SAML and OIDC connections): an unknown or inactive connection; an sso token that is unknown, used
  // or expired; a SAML Response that is not one, is unsigned, signed by no configured key, for another audience,
  // outside its validity, already used, not answering a request of ours, refused by the IdP, or without an address;
  // an OIDC answer to no sign-in of ours, one whose code exchange or ID token fails, or without a (verified) address;
  // a new member the organization does not provision through this connection.
  'sso_connection_not_found',
  'sso_token_not_found',
  'invalid_saml_response',
  'missing_signature_saml_response',
  'invalid_signature_saml_response',
  'invalid_audience_saml_response',
  'expired_saml_response',
  'not_yet_valid_saml_response',
  'duplicate_saml_response',
  'unsolicited_saml_response',
  'failed_saml_response',
  'invalid_saml_response_email',
  'unsolicited_oidc_response',
  'oidc_auth_code_error',
  'oidc_response_email_missing',
  'oidc_response_unverified_email',
  'invalid_connection_for_jit_provisioning',
  // Client-side only: a response that is not our envelope.
  'unknown_error',
] as const;

export type ErrorType = (typeof ERROR_TYPES)[number];

/** Error types after which a session cannot be recovered: the client destroys the local session (wire contract 1.6). */
export const UNRECOVERABLE_ERROR_TYPES: readonly ErrorType[] = [
  'unauthorized_credentials',
  'user_unauthenticated',
  'invalid_secret_authentication',
  'session_not_found',
];

/**
 * The body of the non-JSON answer a retriable endpoint gives when it wants a captcha token and DFP id (wire contract
 * 1.4 and 1.5): the service sends it, the client recognises it and retries once.
 */
export const CAPTCHA_REQUIRED_TEXT = 'Captcha required';

export function isErrorType(value: unknown): value is ErrorType {
  return typeof value === 'string' && (ERROR_TYPES as readonly string[]).includes(value);
}
