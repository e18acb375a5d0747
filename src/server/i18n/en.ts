// The service's messages in English: its error messages, in the spec's wording byte for byte (tests and the wire
// contract quote them), and, at the end, the messages it delivers.
// `{name}` is a dynamic part filled in when the error body is built: an API field name as sent, a number, a value from
// the request, or another message (a reason) in the same language. es.ts and fr.ts must have every key.
export const en = {
  // A library's own explanation, passed through untranslated (message.ts `verbatim`).
  verbatim: '{text}',
  internal: 'Something went wrong on our side.',
  badRequest: 'Bad request.',

  // Request shape (http/fields.ts, http/body.ts and the schemas' and services' own checks). Field names stay as sent.
  invalidJson: 'The request body is not valid JSON.',
  bodyNotJsonObject: 'The request body must be a JSON object.',
  unsupportedMediaType: 'The request body must be JSON, sent with Content-Type: application/json.',
  payloadTooLarge: 'The request body is larger than {maxBytes} bytes.',
  requestBodyIncomplete: 'The connection closed before the request body ended.',
  queryNotPercentEncoded: 'The query string is not valid percent-encoding.',
  fieldRequired: '{field} is required.',
  fieldNotString: '{field} must be a string',
  fieldNotNumber: '{field} must be a number',
  fieldNotBoolean: '{field} must be a boolean',
  fieldNotObject: '{field} must be an object',
  fieldNotStringArray: '{field} must be an array of strings',
  fieldHasNul: '{field} must not contain NUL characters',
  fieldHasControlCharacters: '{field} must not contain control characters.',
  fieldHasLineBreaks: '{field} must not contain line breaks.',
  fieldEmpty: '{field} must not be empty.',
  fieldTooLong: '{field} must be at most {max} characters.',
  fieldNestsTooDeep: '{field} may nest at most {max} levels deep.',
  fieldNotOneOf: '{field} must be one of: {values}.',
  fieldNotDateTime: '{field} must be an RFC 3339 date-time such as 2026-01-01T00:00:00Z.',
  minutesOutOfRange: '{field} must be a whole number of minutes from {min} to {max}.',
  wholeNumberOutOfRange: '{field} must be a whole number from {min} to {max}.',
  fieldNotObjectArray: '{field} must be an array of at most {max} objects.',

  // Identifiers and codes.
  invalidEmail: 'Email format is invalid.',
  invalidPhoneNumber: 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  invalidPhoneNumberCountryCode:
    "The phone number's country code is invalid, unsupported, or not enabled for this project.",
  invalidCode: 'Code format is invalid: a passcode is exactly {length} digits.',
  otpCodeNotFound: 'The passcode is wrong, has expired, or was already used. Check the code, or send a new one.',
  userLockLimitReached: 'Too many failed authentication attempts. Please try again later.',
  emailTaken: 'This email address belongs to another user.',
  phoneNumberTaken: 'This phone number belongs to another user.',
  emailNotFound: 'No user has this email address.',
  phoneNumberNotFound: 'No user has this phone number.',

  // Authentication of the call itself.
  publicTokenNotValid: 'The public token is not valid for this project.',
  publicTokenRequired: 'public_token is required.',
  basicAuthRequired: 'Send Authorization: Basic base64(public_token:session_token or public_token).',
  unknownPublicToken: 'No project has this public token.',
  userUnauthenticated: 'Must have an active session to call this method. Have you logged in yet?',
  originNotAllowed: 'The origin {origin} is not allowed to call this service.',
  sessionNotFound: 'Session not found.',
  // The backend API (middleware/backend-auth.ts, routes/backend/).
  backendFromBrowser:
    'The backend API takes the project secret and is never called from a browser: call it from your server.',
  exactlyOneOf: 'Give exactly one of {fields}.',
  searchCursorNotValid: 'cursor is not one a search of this service returned.',
  userNotFound: 'User could not be found.',
  adminLoopbackOnly: 'In development the admin console answers only requests from this machine.',
  adminCsrfInvalid: 'The form did not come from this admin console page; reload the page and try again.',
  adminDeleteNotConfirmed: 'Deleting a user needs the confirmation step.',
  tooManyRequests: 'Too many requests for this identifier. Wait a minute and try again.',
  tooManyClientRequests: 'Too many requests from this network. Try again later.',

  // Missing things.
  routeNotFound: '{route} was not found.',
  projectNotFound: 'This project was not found.',
  oidcEndpointNotFound: 'The OpenID provider endpoint (served only by a listening server) was not found.',
  registrationNotFound: 'The {kind} registration {id} was not found.',

  // Magic links, redirects and PKCE.
  unableToAuthMagicLink:
    'The magic link could not be authenticated because it was either already used or expired. Send another magic link to this user.',
  redirectUrlMissing: 'No redirect URL was given and the project has no default redirect URL.',
  redirectUrlNotValid: 'The redirect URL {url} is not a valid http(s) URL.',
  redirectUrlNotAllowed: "The redirect URL {url} is not in the project's list of allowed redirect URLs.",
  pkceMagicLinkNeedsVerifier:
    'This magic link was sent with a PKCE code_challenge, so authenticating it requires a code_verifier.',
  pkceOAuthNeedsVerifier:
    'This OAuth sign-in was started with a PKCE code_challenge, so authenticating it requires a code_verifier.',
  pkceMismatch: 'The code_verifier does not match the PKCE code_challenge.',
  codeChallengeNotS256: 'code_challenge must be an S256 challenge: 43 base64url characters.',
  codeChallengeRequiredMagicLink: 'code_challenge is required: this project requires PKCE for email magic links.',
  codeChallengeRequiredOAuth: 'code_challenge is required: this project requires PKCE for OAuth.',
  codeChallengeRequiredPasswordReset: 'code_challenge is required: this project requires PKCE for password resets.',
  codeChallengeRequiredPublicClient: 'code_challenge is required: this app is a public client, which must use PKCE.',

  // Delivery (424).
  emailDeliveryFailed: 'The email could not be sent. Check the address and try again in a moment.',
  smsDeliveryFailed: 'The text message could not be sent. Check the number and try again in a moment.',
  whatsappDeliveryFailed: 'The WhatsApp message could not be sent. Check the number and try again in a moment.',

  // TOTP, tokens, impersonation, trusted auth, connected apps.
  totpNotFound: 'This user has no TOTP authenticator that can be used.',
  totpCodeWrong: 'The TOTP code is wrong or has expired. Enter the current code from your app.',
  totpCodeAlreadyUsed: 'This TOTP code has already been used. Wait for the next code from your authenticator app.',
  recoveryCodeNotFound: 'The recovery code is wrong or has already been used.',
  accessTokenNotFound: 'The access token is unknown or its grant has been revoked.',
  impersonationTokenNotFound: 'The impersonation token is unknown, expired or already used.',
  trustedAuthProfileNotFound: 'No trusted auth token profile has this profile_id.',
  invalidTrustedAuthToken: 'The trusted auth token is not valid: {reason}.',
  connectedAppNotFound: 'This user has not granted access to a connected app with this id.',

  // Reasons a token (trusted auth token, ID token) is not valid: they finish "… is not valid: <reason>."
  tokenNotCompactJwt: 'not a compact JWT',
  tokenAlgorithmNotHs256: 'the algorithm must be HS256',
  tokenSignatureNotVerified: 'the signature does not verify',
  tokenPayloadNotObject: 'the payload is not a JSON object',
  tokenHasNoEmail: 'it carries no email claim',
  idTokenNotCompactJwt: 'it is not a compact JWT',
  idTokenAlgorithmUnsupported: 'its algorithm is not RS256 or ES256',
  idTokenKeyUnknown: 'no known key signed it',
  idTokenSignatureNotVerified: 'its signature does not verify',
  idTokenPayloadNotObject: 'its payload is not a JSON object',
  idTokenHasNoSubject: 'it names no subject',
  idTokenNonceMismatch: 'its nonce is not this oauth_callback_id',
  idTokenGoogleKeysUnavailable: "Google's signing keys could not be fetched",
  claimsIssuerUnexpected: 'its issuer is not the expected one',
  claimsAudienceUnexpected: 'its audience is not the expected one',
  claimsExpired: 'it has expired',
  claimsNotYetValid: 'it is not valid yet',

  // Sign in with Westlight (the identity provider).
  idpClientNotFound: 'No connected app has the client_id {clientId}.',
  invalidRedirectUri: 'redirect_uri {uri} is not registered for this app.',
  invalidPostLogoutRedirectUri: 'post_logout_redirect_uri {uri} is not registered for this app.',
  unsupportedResponseType: 'response_type must be "code": only the authorization code flow is supported.',
  tooManyScopes: 'scopes may list at most {max} scopes.',
  scopeNotValid: '{scope} is not a valid scope: printable ASCII without spaces, quotes or backslashes.',

  // Passwords.
  unauthorizedCredentials: 'Unauthorized credentials.',
  duplicateEmail: 'A user with this email address already has a password. Log in instead.',
  resetPassword: 'Password must be reset.',
  breachedPassword: 'Password appears in the list of breached passwords and must be reset.',
  passwordResetNotFound:
    'The password reset link could not be used because it was either already used or expired. Request another one.',
  passwordSeenInBreach:
    'This password may have been used on a different site that experienced a security issue. Please choose another password.',
  passwordMissesRequirements:
    "Password does not meet the project's requirements: {missingCharacters} more character(s) and {missingComplexity} more kind(s) of character needed.",
  passwordTooWeak: 'Password is too weak: {advice}',
  passwordTooWeakAdvice: 'make it longer and less predictable.',

  // Importing users with password hashes from another system (`npm run import-users`), a line at a time.
  importLineNotJson: 'The line is not valid JSON.',
  importLineNotObject: 'The line must be a JSON object.',
  importedEmailTaken: 'A user with this email address already exists.',
  importedHashMalformed: '{field} is not of the {hashType} form {form}.',
  fieldNotBase64: '{field} must be base64.',
  fieldNotPowerOfTwo: '{field} must be a power of two from {min} to {max}.',
  importedScryptKeyLength: 'hash must decode to key_length ({keyLength}) bytes.',
  importedScryptMemory:
    'scrypt_config asks for {mebibytes} MiB per check (128 × r × (N + 2 + p) bytes); at most {max} MiB is allowed.',

  // Social sign-in and Google One Tap.
  oauthInvalidProvider: '{provider} is not a supported OAuth provider.',
  oauthConfigNotFound: 'Sign-in with {provider} is not configured for this project.',
  oauthStateNotFound:
    'This sign-in attempt is unknown, has expired or was already completed. Go back and start the sign-in again.',
  oauthFlowCallbackError: "The provider's sign-in could not be completed: {reason}.",
  oauthProviderUnreachable: 'the {provider} provider could not be reached',
  oauthCodeExchangeFailed: 'the code exchange failed',
  oauthCallbackNotFormPost:
    "This provider's answer is a redirect (GET); only form_post providers (Apple) POST to the callback.",
  oauthTokenNotFound: 'OAuth token could not be found: it is unknown, expired or already used.',
  oauthCallbackNotFound: 'The oauth_callback_id is unknown, expired or already used. Start One Tap again.',
  customScopeNotValid: 'custom_scopes has an invalid scope: {scope}',
  providerParamNotForwardable: '{name} cannot be forwarded to the provider.',
  tooManyProviderParams: 'At most {max} provider_<key> parameters may be forwarded.',
  invalidIdToken: 'The ID token is not valid: {reason}.',
  oneTapHeaderRequired: 'The {header} header must be {value}.',
  noLoginRedirectUrlsSet: 'The project has no login redirect URLs set, so One Tap cannot finish.',
  devOneTapClientIdWrong: 'client_id is not the dev One Tap client id.',

  // WebAuthn and passkeys.
  webauthnRegistrationNotFound:
    'No WebAuthn registration has this credential. It may have been deleted from the account.',
  webauthnRegistrationIdNotFound: 'The signed-in user has no WebAuthn registration with this id.',
  duplicateWebauthnRegistration: 'This credential is already registered.',
  webauthnChallengeNotFound:
    'The WebAuthn challenge is unknown, expired or already used. Start the registration or sign-in again.',
  invalidWebauthnCredential: 'The WebAuthn credential could not be verified: {reason}',
  webauthnOriginMissing: 'WebAuthn calls must come from a web page: the Origin header is missing.',
  webauthnDomainNotHostName: 'domain must be a host name such as example.com (lower case, no port).',
  webauthnDomainNotOfPage:
    'domain {domain} is neither the host of the calling page {origin} nor a parent domain of it.',
  credentialFieldNotBase64url: '{field} must be a base64url string.',
  credentialFieldNotString: '{field} must be a string.',
  credentialFieldNotObject: '{field} must be an object.',
  credentialFieldNotStringArray: '{field} must be an array of strings.',
  credentialNotJsonText: 'public_key_credential must be a JSON text.',
  credentialNotJsonObject: 'public_key_credential must be a JSON object.',
  credentialTypeNotPublicKey: 'public_key_credential.type must be "public-key".',
  clientDataNotJson: 'public_key_credential.response.clientDataJSON must be base64url of a JSON object.',
  clientDataHasNoChallenge: 'public_key_credential.response.clientDataJSON must name the challenge (base64url).',
  overrideIdSize: 'override_id must be 1 to {max} bytes.',
  credentialOfOtherRelyingParty: 'the credential belongs to the relying party {domain}, not {rpId}.',
  pageMayNotUseRelyingParty: 'the page {origin} may not use the relying party {rpId}.',
  userHandleNotOfCredential: 'the user handle does not belong to this credential.',
  signatureNotVerified: 'the signature did not verify.',
  signatureCounterNotIncreased: 'the signature counter {counter} did not increase.',

  // Crypto wallets.
  invalidCryptoWalletAddress: 'The crypto wallet address is invalid: {detail}',
  ethereumAddressShape: 'an Ethereum address is 0x followed by 40 hexadecimal digits.',
  ethereumAddressChecksum: 'the mixed-case address does not match its EIP-55 checksum.',
  solanaAddressShape: 'a Solana address is the base58 text of a 32-byte public key.',
  walletOfAnotherUser: 'this wallet already belongs to another user.',
  cryptoWalletChallengeNotFound:
    'No crypto wallet challenge is waiting for this wallet: it is unknown, expired or already used. Start the sign-in again.',
  invalidCryptoWalletSignature: "The signature is not this wallet's signature of the challenge.",
  cryptoWalletChallengeNotYetValid:
    'The signed message is not valid before {notBefore} (its Not Before time). Send the signature again from that time.',
  siweIssuedAtOutOfRange: "siwe_params.issued_at must be at most {minutes} minutes from the service's time.",
  siweNotBeforeAfterExpiration:
    "siwe_params.not_before must be before the message's Expiration Time, {minutes} minutes from the service's time.",
  siweOriginMissing: 'Sign-In with Ethereum needs the calling page: the Origin header is missing.',
  siweUriNotOnOrigin: "siwe_params.uri must be on the calling page's origin {origin}.",
  siweChainIdNotValid: 'siwe_params.chain_id must be a decimal EIP-155 chain id such as "1".',
  siweTooManyResources: 'siwe_params.resources may name at most {max} URIs.',
  siweResourcesNotUris: 'siwe_params.resources must be absolute URIs, one line each.',
  siweParamsNotEthereum: 'siwe_params apply to Ethereum wallets only.',
  ethereumSignatureShape: 'signature must be a 0x-prefixed 65-byte hex personal_sign signature (r, s, v) with a low s.',
  solanaSignatureShape: 'signature must be the base58 text of a 64-byte ed25519 signature.',

  // Organizations (B2B).
  intermediateSessionNotFound:
    'The intermediate session token is unknown, expired or already used. Prove the email address again.',
  intermediateSessionOfOtherMember: 'The intermediate session token belongs to another organization or member.',
  organizationNotFound: 'No organization has this id or slug.',
  memberNotFound: 'This organization has no such member.',
  organizationSlugAlreadyUsed: 'The organization slug {slug} is already used by another organization.',
  organizationSlugNotValid:
    'organization_slug must be 2 to 128 lower-case letters, digits or the characters - . _ ~ (no spaces).',
  organizationNameNotValid: 'organization_name must be 1 to {max} characters.',
  emailDomainsNotValid: '{field} must list at most {max} domain names such as example.com.',
  emailDomainNotCreators: 'email_allowed_domains may list only {domain}, the domain of the address that creates it.',
  emailJitProvisioningNotAllowed:
    'This organization does not let new members join by email. Ask one of its administrators for an invitation.',
  emailNotAllowedForJitProvisioning: 'This organization does not admit new members from the domain {domain}.',
  authMethodNotAllowed: 'This organization does not allow signing in with {method}.',
  createOrganizationDisabled: 'This project does not let organizations be created through discovery.',
  duplicateMemberPhoneNumber: 'A member with the specified phone number already exists for this organization.',

  // Enterprise SSO (SAML and OIDC connections).
  pkceSsoNeedsVerifier:
    'This SSO sign-in was started with a PKCE code challenge, so authenticating it requires a pkce_code_verifier.',
  codeChallengeRequiredSso: 'pkce_code_challenge is required: this project requires PKCE for SSO.',
  ssoConnectionNotFound: 'No active SSO connection has this connection_id.',
  ssoTokenNotFound: 'The SSO token is unknown, expired or already used. Sign in with SSO again.',
  invalidSamlResponse: 'The SAML response cannot be accepted: {reason}.',
  samlNotXml: 'it is not a SAML 2.0 Response document',
  samlDestinationWrong: "its Destination is not this connection's Assertion Consumer Service URL",
  samlRecipientWrong: "its bearer confirmation's Recipient is not this connection's Assertion Consumer Service URL",
  samlAssertionMissing: 'it carries no assertion',
  samlAssertionIdMissing: 'its assertion has no ID',
  samlIssuerWrong: "its assertion's Issuer is not the identity provider configured for this connection",
  samlSubjectMissing: 'its assertion names no subject (NameID)',
  samlBearerConfirmationMissing: 'its assertion has no bearer subject confirmation',
  samlNotOnOrAfterMissing: 'its bearer confirmation has no NotOnOrAfter',
  samlTimeNotValid: 'its {name} is not a date-time',
  missingSignatureSamlResponse:
    'The SAML response is not signed: the identity provider must sign the response or its assertion.',
  invalidSignatureSamlResponse:
    'The SAML response signature does not verify with any certificate configured for this connection.',
  invalidAudienceSamlResponse: "The SAML assertion is not for this service: its audience is not this connection's.",
  expiredSamlResponse: 'The SAML assertion has expired. Sign in again.',
  notYetValidSamlResponse: "The SAML assertion is not valid yet. Check the identity provider's clock.",
  duplicateSamlResponse: 'This SAML assertion was already used. Sign in again.',
  unsolicitedSamlResponse:
    'The SAML response does not answer a sign-in started here, or that sign-in expired or was already completed. ' +
    'Start the sign-in again.',
  failedSamlResponse: 'The identity provider refused the sign-in: {reason}.',
  invalidSamlResponseEmail:
    "The SAML assertion carries no valid email address. Check the connection's attribute mapping.",
  unsolicitedOidcResponse:
    'This sign-in attempt is unknown, has expired or was already completed. Go back and start the sign-in again.',
  oidcAuthCodeError: "The identity provider's sign-in could not be completed: {reason}.",
  oidcCodeExchangeFailed: 'the code exchange failed',
  oidcProviderUnreachable: 'the identity provider could not be reached',
  oidcResponseEmailMissing: 'The identity provider did not share an email address.',
  oidcResponseUnverifiedEmail: 'The identity provider says the email address is not verified.',
  devSsoRequestNotValid: 'This is not a request the service sends this dev identity provider: {reason}.',
  devSsoEmailNotAtDomain: "Use an address at {domains}: this identity provider knows only the organization's people.",
  ssoJitProvisioningNotAllowed:
    'This organization does not let new members join through this SSO connection. Ask one of its administrators.',

  // Organizations: members' second factors (TOTP, SMS passcodes, recovery codes).
  memberTotpNotFound: 'This member has no authenticator app that can be used. Add one first.',
  memberTotpExists: 'This member already has an authenticator app.',
  mfaEnrollmentNeedsSession: 'This member already has a second factor: sign in with it, then add another.',
  mfaMethodNotAllowed: 'This organization does not allow {method} as a second factor.',
  mfaPhoneNumberMismatch: 'This member has another MFA phone number; passcodes can only go to it.',
  mfaNeedsIntermediateSession:
    'Send the intermediate_session_token of the first factor, or call this from a signed-in member session.',
  memberSessionOfOtherMember: 'The signed-in member session belongs to another organization or member.',

  // Telemetry.
  eventsBatchSize: 'The request body must be a JSON array of 1 to {max} events.',
  eventsNestTooDeep: 'Events may nest at most {max} levels deep.',
  eventsItemShape: 'Every item must be {telemetry, event: {public_token, event_name, details}}.',
  dfpSignalsShape: '`signals` must be an object of at most {max} text values of at most {length} characters.',

  // Messages the service delivers (emails, texts, WhatsApp messages), in the language the request asks for
  // (i18n/delivery-locale.ts). {project} is the project's name, {duration} a number of minutes with its unit, written
  // by Intl for the language, and {lifetime} the link's lifetime sentence.
  deliveryGreeting: 'Hello,',
  linkLifetime: 'It expires in {duration} and works once.',
  magicLinkLoginSubject: 'Your {project} login link',
  magicLinkSignupSubject: 'Your {project} sign-up link',
  magicLinkLoginBody: 'Use this link to log in to {project}. {lifetime}',
  magicLinkSignupBody: 'Use this link to finish signing up for {project}. {lifetime}',
  magicLinkLoginButton: 'Open your {project} login link',
  magicLinkSignupButton: 'Open your {project} sign-up link',
  magicLinkIgnore: 'If you did not ask for this email, you can ignore it.',
  otpLoginSubject: 'Your {project} login code',
  otpSignupSubject: 'Your {project} sign-up code',
  otpSentence: 'Your {project} code is {code}. It expires in {duration}.',
  otpCodeIs: 'Your {project} code is',
  otpExpiresIn: 'It expires in {duration}.',
  otpIgnore: 'If you did not ask for this code, you can ignore this email.',
  passwordResetSubject: 'Reset your {project} password',
  passwordResetBody: 'Use this link to choose a new password for {project}. {lifetime}',
  passwordResetButton: 'Reset your password',
  passwordResetIgnore:
    'If you did not ask to reset your password, you can ignore this email; your password stays the same.',
} as const;
