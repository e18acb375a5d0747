import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorType } from '../../api/errors.ts';
import { OTP_CODE_LENGTH } from '../../api/otps.ts';
import { CRYPTO_WALLET_TYPES } from '../../api/crypto-wallets.ts';

const DELIVERY_NOUNS = { email: 'The email', sms: 'The text message', whatsapp: 'The WhatsApp message' } as const;

/** Thrown anywhere while handling a request; `app.onError` turns it into the error body. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorType: ErrorType,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Every error the service answers with, so the wording lives in one place. Messages the client or widget depends
 * on (the PKCE wording, which the client's fallback matches on) are quoted from the spec.
 */
export const Errors = {
  invalidJson: () => new ApiError(400, 'invalid_json', 'The request body is not valid JSON.'),
  invalidRequest: (message: string) => new ApiError(400, 'invalid_request', message),
  invalidEmail: () => new ApiError(400, 'invalid_email', 'Email format is invalid.'),
  invalidRedirectUrl: (message: string) => new ApiError(400, 'invalid_redirect_url', message),
  invalidPhoneNumber: () =>
    new ApiError(400, 'invalid_phone_number', 'Phone number format is invalid. Ensure the phone number is in the E.164 format.'),
  invalidPhoneNumberCountryCode: () =>
    new ApiError(
      400,
      'invalid_phone_number_country_code',
      "The phone number's country code is invalid, unsupported, or not enabled for this project.",
    ),
  invalidCode: () => new ApiError(400, 'invalid_code', `Code format is invalid: a passcode is exactly ${OTP_CODE_LENGTH} digits.`),
  otpCodeNotFound: () =>
    new ApiError(
      401,
      'otp_code_not_found',
      'The passcode is wrong, has expired, or was already used. Check the code, or send a new one.',
    ),
  userLockLimitReached: (retryAfterMs: number) =>
    new ApiError(429, 'user_lock_limit_reached', 'Too many failed authentication attempts. Please try again later.', {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
    }),
  /** `subject` names what carried the challenge; the wording starts like the magic-link one the client matches on. */
  pkceExpectedCodeVerifier: (subject = 'This magic link was sent') =>
    new ApiError(
      400,
      'pkce_expected_code_verifier',
      `${subject} with a PKCE code_challenge, so authenticating it requires a code_verifier.`,
    ),
  pkceMismatch: () =>
    new ApiError(400, 'pkce_mismatch', 'The code_verifier does not match the PKCE code_challenge.'),
  invalidPublicToken: (message = 'The public token is not valid for this project.') =>
    new ApiError(401, 'invalid_public_token', message),
  /** Bootstrap names the project by its public token in the path: an unknown one is a missing resource. */
  unknownPublicToken: () => new ApiError(404, 'invalid_public_token', 'No project has this public token.'),
  userUnauthenticated: () =>
    new ApiError(401, 'user_unauthenticated', 'Must have an active session to call this method. Have you logged in yet?'),
  unableToAuthMagicLink: () =>
    new ApiError(
      401,
      'unable_to_auth_magic_link',
      'The magic link could not be authenticated because it was either already used or expired. Send another magic link to this user.',
    ),
  unauthorizedAction: (message: string) => new ApiError(403, 'unauthorized_action', message),
  originNotAllowed: (origin: string) =>
    new ApiError(403, 'origin_not_allowed', `The origin ${origin} is not allowed to call this service.`),
  sessionNotFound: () => new ApiError(404, 'session_not_found', 'Session not found.'),
  emailNotFound: () => new ApiError(404, 'email_not_found', 'No user has this email address.'),
  phoneNumberNotFound: () => new ApiError(404, 'phone_number_not_found', 'No user has this phone number.'),
  phoneNumberTaken: () => new ApiError(403, 'unauthorized_action', 'This phone number belongs to another user.'),
  notFound: (what = 'The requested resource') => new ApiError(404, 'not_found', `${what} was not found.`),
  // The rest of the body is never read, so the connection cannot carry another request: say so, and the server
  // closes it after this answer instead of leaving a keep-alive client to send into a dead socket.
  payloadTooLarge: (maxBytes: number) =>
    new ApiError(413, 'payload_too_large', `The request body is larger than ${maxBytes} bytes.`, { Connection: 'close' }),
  unsupportedMediaType: () =>
    new ApiError(415, 'unsupported_media_type', 'The request body must be JSON, sent with Content-Type: application/json.'),
  tooManyRequests: (retryAfterMs: number) =>
    new ApiError(429, 'too_many_requests', 'Too many requests for this identifier. Wait a minute and try again.', {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
    }),
  /** A per-IP limit (issue 12): the budget belongs to the client's network, not to the address in the request. */
  tooManyClientRequests: (retryAfterMs: number) =>
    new ApiError(429, 'too_many_requests', 'Too many requests from this network. Try again later.', {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
    }),
  // Issue 6: TOTP, access-token exchange, attest, impersonation, connected apps.
  totpNotFound: () => new ApiError(404, 'totp_not_found', 'This user has no TOTP authenticator that can be used.'),
  totpCodeWrong: () =>
    new ApiError(401, 'otp_code_not_found', 'The TOTP code is wrong or has expired. Enter the current code from your app.'),
  totpCodeAlreadyUsed: () =>
    new ApiError(
      401,
      'totp_code_already_authenticated',
      'This TOTP code has already been used. Wait for the next code from your authenticator app.',
    ),
  recoveryCodeNotFound: () =>
    new ApiError(401, 'recovery_code_not_found', 'The recovery code is wrong or has already been used.'),
  accessTokenNotFound: () =>
    new ApiError(401, 'access_token_not_found', 'The access token is unknown or its grant has been revoked.'),
  impersonationTokenNotFound: () =>
    new ApiError(401, 'impersonation_token_not_found', 'The impersonation token is unknown, expired or already used.'),
  trustedAuthProfileNotFound: () =>
    new ApiError(404, 'trusted_auth_profile_not_found', 'No trusted auth token profile has this profile_id.'),
  invalidTrustedAuthToken: (reason: string) =>
    new ApiError(401, 'invalid_trusted_auth_token', `The trusted auth token is not valid: ${reason}.`),
  connectedAppNotFound: () =>
    new ApiError(404, 'connected_app_not_found', 'This user has not granted access to a connected app with this id.'),
  // Sign in with Westlight (issue 16).
  idpClientNotFound: (clientId: string) =>
    new ApiError(404, 'idp_client_not_found', `No connected app has the client_id ${JSON.stringify(clientId)}.`),
  invalidRedirectUri: (uri: string) =>
    new ApiError(400, 'invalid_redirect_uri', `redirect_uri ${JSON.stringify(uri)} is not registered for this app.`),
  invalidPostLogoutRedirectUri: (uri: string) =>
    new ApiError(
      400,
      'invalid_post_logout_redirect_uri',
      `post_logout_redirect_uri ${JSON.stringify(uri)} is not registered for this app.`,
    ),
  unsupportedResponseType: () =>
    new ApiError(400, 'unsupported_response_type', 'response_type must be "code": only the authorization code flow is supported.'),
  invalidScope: (message: string) => new ApiError(400, 'invalid_scope', message),
  invalidCodeChallenge: (message: string) => new ApiError(400, 'invalid_code_challenge', message),
  // Passwords. The login-failure message is the same for an unknown address and a wrong password.
  unauthorizedCredentials: () => new ApiError(401, 'unauthorized_credentials', 'Unauthorized credentials.'),
  weakPassword: (message: string) => new ApiError(400, 'weak_password', message),
  duplicateEmail: () =>
    new ApiError(400, 'duplicate_email', 'A user with this email address already has a password. Log in instead.'),
  resetPassword: () => new ApiError(400, 'reset_password', 'Password must be reset.'),
  breachedPassword: () =>
    new ApiError(400, 'breached_password', 'Password appears in the list of breached passwords and must be reset.'),
  passwordResetNotFound: () =>
    new ApiError(
      401,
      'unable_to_auth_magic_link',
      'The password reset link could not be used because it was either already used or expired. Request another one.',
    ),
  // Social sign-in and Google One Tap (issue 7).
  oauthInvalidProvider: (provider: string) =>
    new ApiError(400, 'oauth_invalid_provider', `${provider} is not a supported OAuth provider.`),
  oauthConfigNotFound: (provider: string) =>
    new ApiError(
      404,
      'oauth_config_not_found',
      `Sign-in with ${provider} is not configured for this project.`,
    ),
  oauthStateNotFound: () =>
    new ApiError(
      400,
      'oauth_state_not_found',
      'This sign-in attempt is unknown, has expired or was already completed. Go back and start the sign-in again.',
    ),
  oauthFlowCallbackError: (reason: string) =>
    new ApiError(400, 'oauth_flow_callback_error', `The provider's sign-in could not be completed: ${reason}.`),
  oauthTokenNotFound: () =>
    new ApiError(404, 'oauth_token_not_found', 'OAuth token could not be found: it is unknown, expired or already used.'),
  oauthCallbackNotFound: () =>
    new ApiError(404, 'oauth_callback_not_found', 'The oauth_callback_id is unknown, expired or already used. Start One Tap again.'),
  invalidIdToken: (reason: string) => new ApiError(401, 'invalid_id_token', `The ID token is not valid: ${reason}.`),
  noLoginRedirectUrlsSet: () =>
    new ApiError(400, 'no_login_redirect_urls_set', 'The project has no login redirect URLs set, so One Tap cannot finish.'),
  /**
   * 424 Failed Dependency, not 5xx: the request was fine and the service is up, but the mail server or SMS webhook it
   * depends on refused or did not answer (docs/decisions.md). Nothing was created, so sending again is safe.
   */
  messageDeliveryFailed: (channel: 'email' | 'sms' | 'whatsapp') =>
    new ApiError(
      424,
      'message_delivery_failed',
      `${DELIVERY_NOUNS[channel]} could not be sent. Check the ${channel === 'email' ? 'address' : 'number'} and try again in a moment.`,
    ),
  // WebAuthn and passkeys (issue 14).
  webauthnRegistrationNotFound: () =>
    new ApiError(
      404,
      'webauthn_registration_not_found',
      'No WebAuthn registration has this credential. It may have been deleted from the account.',
    ),
  webauthnRegistrationIdNotFound: () =>
    new ApiError(404, 'webauthn_registration_not_found', 'The signed-in user has no WebAuthn registration with this id.'),
  duplicateWebauthnRegistration: () =>
    new ApiError(409, 'duplicate_webauthn_registration', 'This credential is already registered.'),
  webauthnChallengeNotFound: () =>
    new ApiError(
      404,
      'webauthn_challenge_not_found',
      'The WebAuthn challenge is unknown, expired or already used. Start the registration or sign-in again.',
    ),
  invalidWebauthnCredential: (reason: string) =>
    new ApiError(401, 'invalid_webauthn_credential', `The WebAuthn credential could not be verified: ${reason}`),
  // Crypto wallets (issue 15).
  invalidCryptoWalletAddress: (detail: string) =>
    new ApiError(400, 'invalid_crypto_wallet_address', `The crypto wallet address is invalid: ${detail}`),
  invalidCryptoWalletType: () =>
    new ApiError(400, 'invalid_crypto_wallet_type', `crypto_wallet_type must be one of: ${CRYPTO_WALLET_TYPES.join(', ')}.`),
  cryptoWalletChallengeNotFound: () =>
    new ApiError(
      404,
      'crypto_wallet_challenge_not_found',
      'No crypto wallet challenge is waiting for this wallet: it is unknown, expired or already used. Start the sign-in again.',
    ),
  invalidCryptoWalletSignature: () =>
    new ApiError(401, 'invalid_crypto_wallet_signature', 'The signature is not this wallet\'s signature of the challenge.'),
  internal: () => new ApiError(500, 'internal_server_error', 'Something went wrong on our side.'),
} as const;
