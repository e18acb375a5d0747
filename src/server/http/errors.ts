import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorType } from '../../api/errors.ts';
import { OTP_CODE_LENGTH } from '../../api/otps.ts';
import { CRYPTO_WALLET_TYPES } from '../../api/crypto-wallets.ts';
import { message, renderMessage, type Message, type MessageArgs, type MessageKey } from '../i18n/message.ts';

const DELIVERY_FAILED = {
  email: 'emailDeliveryFailed',
  sms: 'smsDeliveryFailed',
  whatsapp: 'whatsappDeliveryFailed',
} as const;
const PKCE_EXPECTED = {
  magicLink: 'pkceMagicLinkNeedsVerifier',
  oauth: 'pkceOAuthNeedsVerifier',
  sso: 'pkceSsoNeedsVerifier',
} as const;

/**
 * Thrown anywhere while handling a request; `app.onError` turns it into the error body. It holds a catalogue message,
 * not text (a string does not type-check here), so the body can be written in the request's language; `message` is
 * the English rendering, for logs and for code that reads the error before it becomes a body.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorType: ErrorType,
    readonly text: Message,
    readonly headers: Record<string, string> = {},
  ) {
    super(renderMessage(text));
    this.name = 'ApiError';
  }
}

function retryAfter(retryAfterMs: number): Record<string, string> {
  return { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) };
}

/**
 * Every error the service answers with. The wording lives in the catalogue (src/server/i18n/en.ts and its
 * translations); callers name a message key and its dynamic parts. Messages the client or widget depends on (the
 * PKCE wording) are quoted from the spec in English.
 */
export const Errors = {
  invalidJson: () => new ApiError(400, 'invalid_json', message('invalidJson')),
  /** The client went away mid-body: nobody reads the answer, and it is not the service's fault (not logged). */
  requestBodyIncomplete: () => new ApiError(400, 'invalid_request', message('requestBodyIncomplete')),
  invalidRequest: <Key extends MessageKey>(key: Key, ...args: MessageArgs<Key>) =>
    new ApiError(400, 'invalid_request', message(key, ...args)),
  invalidEmail: () => new ApiError(400, 'invalid_email', message('invalidEmail')),
  invalidRedirectUrl: <Key extends MessageKey>(key: Key, ...args: MessageArgs<Key>) =>
    new ApiError(400, 'invalid_redirect_url', message(key, ...args)),
  invalidPhoneNumber: () => new ApiError(400, 'invalid_phone_number', message('invalidPhoneNumber')),
  invalidPhoneNumberCountryCode: () =>
    new ApiError(400, 'invalid_phone_number_country_code', message('invalidPhoneNumberCountryCode')),
  invalidCode: () => new ApiError(400, 'invalid_code', message('invalidCode', { length: OTP_CODE_LENGTH })),
  otpCodeNotFound: () => new ApiError(401, 'otp_code_not_found', message('otpCodeNotFound')),
  userLockLimitReached: (retryAfterMs: number) =>
    new ApiError(429, 'user_lock_limit_reached', message('userLockLimitReached'), retryAfter(retryAfterMs)),
  /** `started` names what carried the challenge; the wording starts like the magic-link one the client matches on. */
  pkceExpectedCodeVerifier: (started: keyof typeof PKCE_EXPECTED = 'magicLink') =>
    new ApiError(400, 'pkce_expected_code_verifier', message(PKCE_EXPECTED[started])),
  pkceMismatch: () => new ApiError(400, 'pkce_mismatch', message('pkceMismatch')),
  invalidPublicToken: (
    key: 'publicTokenNotValid' | 'publicTokenRequired' | 'basicAuthRequired' = 'publicTokenNotValid',
  ) => new ApiError(401, 'invalid_public_token', message(key)),
  /** Bootstrap names the project by its public token in the path: an unknown one is a missing resource. */
  unknownPublicToken: () => new ApiError(404, 'invalid_public_token', message('unknownPublicToken')),
  userUnauthenticated: () => new ApiError(401, 'user_unauthenticated', message('userUnauthenticated')),
  unableToAuthMagicLink: () => new ApiError(401, 'unable_to_auth_magic_link', message('unableToAuthMagicLink')),
  unauthorizedAction: <Key extends MessageKey>(key: Key, ...args: MessageArgs<Key>) =>
    new ApiError(403, 'unauthorized_action', message(key, ...args)),
  originNotAllowed: (origin: string) =>
    new ApiError(403, 'origin_not_allowed', message('originNotAllowed', { origin })),
  sessionNotFound: () => new ApiError(404, 'session_not_found', message('sessionNotFound')),
  userNotFound: () => new ApiError(404, 'user_not_found', message('userNotFound')),
  /** The backend API from a page: the secret must never be in a browser, so the call is refused whatever it carries. */
  backendFromBrowser: () => new ApiError(403, 'unauthorized_action', message('backendFromBrowser')),
  emailNotFound: () => new ApiError(404, 'email_not_found', message('emailNotFound')),
  phoneNumberNotFound: () => new ApiError(404, 'phone_number_not_found', message('phoneNumberNotFound')),
  phoneNumberTaken: () => new ApiError(403, 'unauthorized_action', message('phoneNumberTaken')),
  notFound: <Key extends MessageKey>(key: Key, ...args: MessageArgs<Key>) =>
    new ApiError(404, 'not_found', message(key, ...args)),
  // The rest of the body is never read, so the connection cannot carry another request: say so, and the server
  // closes it after this answer instead of leaving a keep-alive client to send into a dead socket.
  payloadTooLarge: (maxBytes: number) =>
    new ApiError(413, 'payload_too_large', message('payloadTooLarge', { maxBytes }), { Connection: 'close' }),
  unsupportedMediaType: () => new ApiError(415, 'unsupported_media_type', message('unsupportedMediaType')),
  tooManyRequests: (retryAfterMs: number) =>
    new ApiError(429, 'too_many_requests', message('tooManyRequests'), retryAfter(retryAfterMs)),
  /** A per-IP limit: the budget belongs to the client's network, not to the address in the request. */
  tooManyClientRequests: (retryAfterMs: number) =>
    new ApiError(429, 'too_many_requests', message('tooManyClientRequests'), retryAfter(retryAfterMs)),
  // TOTP, access-token exchange, attest, impersonation, connected apps.
  totpNotFound: () => new ApiError(404, 'totp_not_found', message('totpNotFound')),
  totpCodeWrong: () => new ApiError(401, 'otp_code_not_found', message('totpCodeWrong')),
  totpCodeAlreadyUsed: () => new ApiError(401, 'totp_code_already_authenticated', message('totpCodeAlreadyUsed')),
  recoveryCodeNotFound: () => new ApiError(401, 'recovery_code_not_found', message('recoveryCodeNotFound')),
  accessTokenNotFound: () => new ApiError(401, 'access_token_not_found', message('accessTokenNotFound')),
  impersonationTokenNotFound: () =>
    new ApiError(401, 'impersonation_token_not_found', message('impersonationTokenNotFound')),
  trustedAuthProfileNotFound: () =>
    new ApiError(404, 'trusted_auth_profile_not_found', message('trustedAuthProfileNotFound')),
  invalidTrustedAuthToken: (reason: Message) =>
    new ApiError(401, 'invalid_trusted_auth_token', message('invalidTrustedAuthToken', { reason })),
  connectedAppNotFound: () => new ApiError(404, 'connected_app_not_found', message('connectedAppNotFound')),
  // Sign in with Westlight.
  idpClientNotFound: (clientId: string) =>
    new ApiError(404, 'idp_client_not_found', message('idpClientNotFound', { clientId: JSON.stringify(clientId) })),
  invalidRedirectUri: (uri: string) =>
    new ApiError(400, 'invalid_redirect_uri', message('invalidRedirectUri', { uri: JSON.stringify(uri) })),
  invalidPostLogoutRedirectUri: (uri: string) =>
    new ApiError(
      400,
      'invalid_post_logout_redirect_uri',
      message('invalidPostLogoutRedirectUri', { uri: JSON.stringify(uri) }),
    ),
  unsupportedResponseType: () => new ApiError(400, 'unsupported_response_type', message('unsupportedResponseType')),
  invalidScope: <Key extends MessageKey>(key: Key, ...args: MessageArgs<Key>) =>
    new ApiError(400, 'invalid_scope', message(key, ...args)),
  invalidCodeChallenge: <Key extends MessageKey>(key: Key, ...args: MessageArgs<Key>) =>
    new ApiError(400, 'invalid_code_challenge', message(key, ...args)),
  // Passwords. The login-failure message is the same for an unknown address and a wrong password.
  unauthorizedCredentials: () => new ApiError(401, 'unauthorized_credentials', message('unauthorizedCredentials')),
  weakPassword: <Key extends MessageKey>(key: Key, ...args: MessageArgs<Key>) =>
    new ApiError(400, 'weak_password', message(key, ...args)),
  duplicateEmail: () => new ApiError(400, 'duplicate_email', message('duplicateEmail')),
  /** An imported user's address belongs to a user already (`npm run import-users`): never merged into it. */
  importedEmailTaken: () => new ApiError(400, 'duplicate_email', message('importedEmailTaken')),
  resetPassword: () => new ApiError(400, 'reset_password', message('resetPassword')),
  breachedPassword: () => new ApiError(400, 'breached_password', message('breachedPassword')),
  passwordResetNotFound: () => new ApiError(401, 'unable_to_auth_magic_link', message('passwordResetNotFound')),
  // Social sign-in and Google One Tap.
  oauthInvalidProvider: (provider: string) =>
    new ApiError(400, 'oauth_invalid_provider', message('oauthInvalidProvider', { provider })),
  oauthConfigNotFound: (provider: string) =>
    new ApiError(404, 'oauth_config_not_found', message('oauthConfigNotFound', { provider })),
  oauthStateNotFound: () => new ApiError(400, 'oauth_state_not_found', message('oauthStateNotFound')),
  oauthFlowCallbackError: (reason: Message) =>
    new ApiError(400, 'oauth_flow_callback_error', message('oauthFlowCallbackError', { reason })),
  oauthTokenNotFound: () => new ApiError(404, 'oauth_token_not_found', message('oauthTokenNotFound')),
  oauthCallbackNotFound: () => new ApiError(404, 'oauth_callback_not_found', message('oauthCallbackNotFound')),
  invalidIdToken: (reason: Message) => new ApiError(401, 'invalid_id_token', message('invalidIdToken', { reason })),
  noLoginRedirectUrlsSet: () => new ApiError(400, 'no_login_redirect_urls_set', message('noLoginRedirectUrlsSet')),
  /**
   * 424 Failed Dependency, not 5xx: the request was fine and the service is up, but the mail server or SMS webhook it
   * depends on refused or did not answer (docs/decisions.md). Nothing was created, so sending again is safe.
   */
  messageDeliveryFailed: (channel: keyof typeof DELIVERY_FAILED) =>
    new ApiError(424, 'message_delivery_failed', message(DELIVERY_FAILED[channel])),
  // WebAuthn and passkeys.
  webauthnRegistrationNotFound: () =>
    new ApiError(404, 'webauthn_registration_not_found', message('webauthnRegistrationNotFound')),
  webauthnRegistrationIdNotFound: () =>
    new ApiError(404, 'webauthn_registration_not_found', message('webauthnRegistrationIdNotFound')),
  duplicateWebauthnRegistration: () =>
    new ApiError(409, 'duplicate_webauthn_registration', message('duplicateWebauthnRegistration')),
  webauthnChallengeNotFound: () =>
    new ApiError(404, 'webauthn_challenge_not_found', message('webauthnChallengeNotFound')),
  invalidWebauthnCredential: (reason: Message) =>
    new ApiError(401, 'invalid_webauthn_credential', message('invalidWebauthnCredential', { reason })),
  // Crypto wallets.
  invalidCryptoWalletAddress: (detail: Message) =>
    new ApiError(400, 'invalid_crypto_wallet_address', message('invalidCryptoWalletAddress', { detail })),
  invalidCryptoWalletType: () =>
    new ApiError(
      400,
      'invalid_crypto_wallet_type',
      message('fieldNotOneOf', { field: 'crypto_wallet_type', values: CRYPTO_WALLET_TYPES.join(', ') }),
    ),
  cryptoWalletChallengeNotFound: () =>
    new ApiError(404, 'crypto_wallet_challenge_not_found', message('cryptoWalletChallengeNotFound')),
  cryptoWalletChallengeNotYetValid: (notBefore: string) =>
    new ApiError(
      400,
      'crypto_wallet_challenge_not_yet_valid',
      message('cryptoWalletChallengeNotYetValid', { notBefore }),
    ),
  invalidCryptoWalletSignature: () =>
    new ApiError(401, 'invalid_crypto_wallet_signature', message('invalidCryptoWalletSignature')),
  // Organizations (B2B).
  intermediateSessionNotFound: () =>
    new ApiError(404, 'intermediate_session_not_found', message('intermediateSessionNotFound')),
  intermediateSessionOfOtherMember: () =>
    new ApiError(
      403,
      'invalid_intermediate_session_token_for_organization',
      message('intermediateSessionOfOtherMember'),
    ),
  organizationNotFound: () => new ApiError(404, 'organization_not_found', message('organizationNotFound')),
  memberNotFound: () => new ApiError(404, 'member_not_found', message('memberNotFound')),
  organizationSlugAlreadyUsed: (slug: string) =>
    new ApiError(409, 'organization_slug_already_used', message('organizationSlugAlreadyUsed', { slug })),
  invalidOrganizationSlug: () => new ApiError(400, 'invalid_organization_slug', message('organizationSlugNotValid')),
  invalidOrganizationName: (max: number) =>
    new ApiError(400, 'invalid_organization_name', message('organizationNameNotValid', { max })),
  emailJitProvisioningNotAllowed: () =>
    new ApiError(403, 'email_jit_provisioning_not_allowed', message('emailJitProvisioningNotAllowed')),
  emailNotAllowedForJitProvisioning: (domain: string) =>
    new ApiError(403, 'invalid_email_for_jit_provisioning', message('emailNotAllowedForJitProvisioning', { domain })),
  authMethodNotAllowed: (method: string) =>
    new ApiError(403, 'operation_restricted_by_organization_auth_methods', message('authMethodNotAllowed', { method })),
  /** The spec's wording: one MFA phone number per organization (the unique index decides). */
  duplicateMemberPhoneNumber: () =>
    new ApiError(400, 'duplicate_member_phone_number', message('duplicateMemberPhoneNumber')),
  // Enterprise SSO. A refused SAML Response or OIDC answer is a navigation: these end on the error page.
  ssoConnectionNotFound: () => new ApiError(404, 'sso_connection_not_found', message('ssoConnectionNotFound')),
  ssoTokenNotFound: () => new ApiError(404, 'sso_token_not_found', message('ssoTokenNotFound')),
  invalidSamlResponse: (reason: Message) =>
    new ApiError(400, 'invalid_saml_response', message('invalidSamlResponse', { reason })),
  missingSignatureSamlResponse: () =>
    new ApiError(400, 'missing_signature_saml_response', message('missingSignatureSamlResponse')),
  invalidSignatureSamlResponse: () =>
    new ApiError(400, 'invalid_signature_saml_response', message('invalidSignatureSamlResponse')),
  invalidAudienceSamlResponse: () =>
    new ApiError(400, 'invalid_audience_saml_response', message('invalidAudienceSamlResponse')),
  expiredSamlResponse: () => new ApiError(400, 'expired_saml_response', message('expiredSamlResponse')),
  notYetValidSamlResponse: () => new ApiError(400, 'not_yet_valid_saml_response', message('notYetValidSamlResponse')),
  duplicateSamlResponse: () => new ApiError(400, 'duplicate_saml_response', message('duplicateSamlResponse')),
  unsolicitedSamlResponse: () => new ApiError(400, 'unsolicited_saml_response', message('unsolicitedSamlResponse')),
  failedSamlResponse: (reason: Message) =>
    new ApiError(400, 'failed_saml_response', message('failedSamlResponse', { reason })),
  invalidSamlResponseEmail: () => new ApiError(400, 'invalid_saml_response_email', message('invalidSamlResponseEmail')),
  unsolicitedOidcResponse: () => new ApiError(400, 'unsolicited_oidc_response', message('unsolicitedOidcResponse')),
  oidcAuthCodeError: (reason: Message) =>
    new ApiError(400, 'oidc_auth_code_error', message('oidcAuthCodeError', { reason })),
  oidcResponseEmailMissing: () => new ApiError(400, 'oidc_response_email_missing', message('oidcResponseEmailMissing')),
  oidcResponseUnverifiedEmail: () =>
    new ApiError(400, 'oidc_response_unverified_email', message('oidcResponseUnverifiedEmail')),
  ssoJitProvisioningNotAllowed: () =>
    new ApiError(403, 'invalid_connection_for_jit_provisioning', message('ssoJitProvisioningNotAllowed')),
  // Organizations: members' second factors.
  memberTotpNotFound: () => new ApiError(404, 'totp_not_found', message('memberTotpNotFound')),
  memberTotpExists: () => new ApiError(403, 'unauthorized_action', message('memberTotpExists')),
  mfaEnrollmentNeedsSession: () => new ApiError(403, 'unauthorized_action', message('mfaEnrollmentNeedsSession')),
  mfaMethodNotAllowed: (method: string) =>
    new ApiError(403, 'unauthorized_action', message('mfaMethodNotAllowed', { method })),
  mfaPhoneNumberMismatch: () => new ApiError(403, 'unauthorized_action', message('mfaPhoneNumberMismatch')),
  mfaNeedsIntermediateSession: () => new ApiError(401, 'user_unauthenticated', message('mfaNeedsIntermediateSession')),
  memberSessionOfOtherMember: () => new ApiError(403, 'unauthorized_action', message('memberSessionOfOtherMember')),
  internal: () => new ApiError(500, 'internal_server_error', message('internal')),
} as const;

/**
 * How the service logs an error it did not expect (it answers 500 without details): one line prefix operators can
 * search for, whichever part of the service failed (the error handler, the OpenID provider).
 */
export function logUnexpectedError(error: unknown): void {
  console.error('[identity service] unexpected error', error);
}
