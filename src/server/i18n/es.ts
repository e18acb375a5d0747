// The service's error messages in Spanish. Field names, header names and protocol words (code_challenge, PKCE,
// E.164, JSON) stay as the API spells them; every `{name}` of en.ts appears here too (test/server/language-*.test.ts).
import type { en } from './en.ts';

export const es: Record<keyof typeof en, string> = {
  verbatim: '{text}',
  internal: 'Algo salió mal de nuestro lado.',
  badRequest: 'Solicitud incorrecta.',

  invalidJson: 'El cuerpo de la solicitud no es JSON válido.',
  bodyNotJsonObject: 'El cuerpo de la solicitud debe ser un objeto JSON.',
  unsupportedMediaType: 'El cuerpo de la solicitud debe ser JSON, enviado con Content-Type: application/json.',
  payloadTooLarge: 'El cuerpo de la solicitud ocupa más de {maxBytes} bytes.',
  requestBodyIncomplete: 'La conexión se cerró antes de que terminara el cuerpo de la solicitud.',
  queryNotPercentEncoded: 'La cadena de consulta no tiene una codificación porcentual válida.',
  fieldRequired: '{field} es obligatorio.',
  fieldNotString: '{field} debe ser una cadena',
  fieldNotNumber: '{field} debe ser un número',
  fieldNotBoolean: '{field} debe ser un booleano',
  fieldNotObject: '{field} debe ser un objeto',
  fieldNotStringArray: '{field} debe ser una lista de cadenas',
  fieldHasNul: '{field} no debe contener caracteres NUL',
  fieldHasControlCharacters: '{field} no debe contener caracteres de control.',
  fieldHasLineBreaks: '{field} no debe contener saltos de línea.',
  fieldEmpty: '{field} no debe estar vacío.',
  fieldTooLong: '{field} debe tener como máximo {max} caracteres.',
  fieldNestsTooDeep: '{field} puede anidarse como máximo {max} niveles.',
  fieldNotOneOf: '{field} debe ser uno de: {values}.',
  fieldNotDateTime: '{field} debe ser una fecha y hora RFC 3339, por ejemplo 2026-01-01T00:00:00Z.',
  minutesOutOfRange: '{field} debe ser un número entero de minutos entre {min} y {max}.',
  wholeNumberOutOfRange: '{field} debe ser un número entero de {min} a {max}.',
  fieldNotObjectArray: '{field} debe ser una lista de como máximo {max} objetos.',

  invalidEmail: 'El formato del correo electrónico no es válido.',
  invalidPhoneNumber:
    'El formato del número de teléfono no es válido. Asegúrate de que el número de teléfono esté en formato E.164.',
  invalidPhoneNumberCountryCode:
    'El código de país del número de teléfono no es válido, no es compatible o no está habilitado para este proyecto.',
  invalidCode: 'El formato del código no es válido: un código de acceso tiene exactamente {length} dígitos.',
  otpCodeNotFound: 'El código de acceso es incorrecto, ha caducado o ya se usó. Revisa el código o envía uno nuevo.',
  userLockLimitReached: 'Demasiados intentos de autenticación fallidos. Inténtalo de nuevo más tarde.',
  emailTaken: 'Esta dirección de correo electrónico pertenece a otro usuario.',
  phoneNumberTaken: 'Este número de teléfono pertenece a otro usuario.',
  emailNotFound: 'Ningún usuario tiene esta dirección de correo electrónico.',
  phoneNumberNotFound: 'Ningún usuario tiene este número de teléfono.',

  publicTokenNotValid: 'El token público no es válido para este proyecto.',
  publicTokenRequired: 'public_token es obligatorio.',
  basicAuthRequired: 'Envía Authorization: Basic base64(public_token:session_token o public_token).',
  unknownPublicToken: 'Ningún proyecto tiene este token público.',
  userUnauthenticated: 'Se necesita una sesión activa para llamar a este método. ¿Ya iniciaste sesión?',
  originNotAllowed: 'El origen {origin} no tiene permiso para llamar a este servicio.',
  sessionNotFound: 'No se encontró la sesión.',
  // La API de backend (middleware/backend-auth.ts, routes/backend/).
  backendFromBrowser:
    'La API de backend usa el secreto del proyecto y nunca se llama desde un navegador: llámela desde su servidor.',
  exactlyOneOf: 'Indique exactamente uno de {fields}.',
  searchCursorNotValid: 'cursor no es uno que haya devuelto una búsqueda de este servicio.',
  userNotFound: 'No se encontró el usuario.',
  adminLoopbackOnly: 'En desarrollo, la consola de administración solo responde a solicitudes de esta máquina.',
  adminCsrfInvalid:
    'El formulario no proviene de esta página de la consola de administración; recarga la página e inténtalo de nuevo.',
  adminDeleteNotConfirmed: 'Eliminar un usuario requiere el paso de confirmación.',
  tooManyRequests: 'Demasiadas solicitudes para este identificador. Espera un minuto e inténtalo de nuevo.',
  tooManyClientRequests: 'Demasiadas solicitudes desde esta red. Inténtalo de nuevo más tarde.',

  routeNotFound: 'No se encontró {route}.',
  projectNotFound: 'No se encontró este proyecto.',
  oidcEndpointNotFound:
    'No se encontró el punto de acceso del proveedor OpenID (solo lo sirve un servidor en escucha).',
  registrationNotFound: 'No se encontró el registro {kind} {id}.',

  unableToAuthMagicLink:
    'No se pudo autenticar el enlace mágico porque ya se usó o caducó. Envía otro enlace mágico a este usuario.',
  redirectUrlMissing:
    'No se indicó ninguna URL de redirección y el proyecto no tiene una URL de redirección predeterminada.',
  redirectUrlNotValid: 'La URL de redirección {url} no es una URL http(s) válida.',
  redirectUrlNotAllowed:
    'La URL de redirección {url} no está en la lista de URL de redirección permitidas del proyecto.',
  pkceMagicLinkNeedsVerifier:
    'Este enlace mágico se envió con un code_challenge PKCE, así que autenticarlo requiere un code_verifier.',
  pkceOAuthNeedsVerifier:
    'Este inicio de sesión OAuth comenzó con un code_challenge PKCE, así que autenticarlo requiere un code_verifier.',
  pkceMismatch: 'El code_verifier no corresponde al code_challenge PKCE.',
  codeChallengeNotS256: 'code_challenge debe ser un desafío S256: 43 caracteres base64url.',
  codeChallengeRequiredMagicLink:
    'code_challenge es obligatorio: este proyecto exige PKCE para los enlaces mágicos por correo electrónico.',
  codeChallengeRequiredOAuth: 'code_challenge es obligatorio: este proyecto exige PKCE para OAuth.',
  codeChallengeRequiredPasswordReset:
    'code_challenge es obligatorio: este proyecto exige PKCE para restablecer contraseñas.',
  codeChallengeRequiredPublicClient:
    'code_challenge es obligatorio: esta aplicación es un cliente público, que debe usar PKCE.',

  emailDeliveryFailed:
    'No se pudo enviar el correo electrónico. Revisa la dirección e inténtalo de nuevo en un momento.',
  smsDeliveryFailed: 'No se pudo enviar el mensaje de texto. Revisa el número e inténtalo de nuevo en un momento.',
  whatsappDeliveryFailed:
    'No se pudo enviar el mensaje de WhatsApp. Revisa el número e inténtalo de nuevo en un momento.',

  totpNotFound: 'Este usuario no tiene ningún autenticador TOTP que se pueda usar.',
  totpCodeWrong: 'El código TOTP es incorrecto o ha caducado. Introduce el código actual de tu aplicación.',
  totpCodeAlreadyUsed: 'Este código TOTP ya se usó. Espera al siguiente código de tu aplicación de autenticación.',
  recoveryCodeNotFound: 'El código de recuperación es incorrecto o ya se usó.',
  accessTokenNotFound: 'El token de acceso es desconocido o su autorización se revocó.',
  impersonationTokenNotFound: 'El token de suplantación es desconocido, caducó o ya se usó.',
  trustedAuthProfileNotFound: 'Ningún perfil de token de autenticación de confianza tiene este profile_id.',
  invalidTrustedAuthToken: 'El token de autenticación de confianza no es válido: {reason}.',
  connectedAppNotFound: 'Este usuario no ha dado acceso a ninguna aplicación conectada con este id.',

  tokenNotCompactJwt: 'no es un JWT compacto',
  tokenAlgorithmNotHs256: 'el algoritmo debe ser HS256',
  tokenSignatureNotVerified: 'la firma no se verifica',
  tokenPayloadNotObject: 'el contenido no es un objeto JSON',
  tokenHasNoEmail: 'no lleva ninguna reclamación email',
  idTokenNotCompactJwt: 'no es un JWT compacto',
  idTokenAlgorithmUnsupported: 'su algoritmo no es RS256 ni ES256',
  idTokenKeyUnknown: 'ninguna clave conocida lo firmó',
  idTokenSignatureNotVerified: 'su firma no se verifica',
  idTokenPayloadNotObject: 'su contenido no es un objeto JSON',
  idTokenHasNoSubject: 'no indica ningún sujeto',
  idTokenNonceMismatch: 'su nonce no es este oauth_callback_id',
  idTokenGoogleKeysUnavailable: 'no se pudieron obtener las claves de firma de Google',
  claimsIssuerUnexpected: 'su emisor no es el esperado',
  claimsAudienceUnexpected: 'su audiencia no es la esperada',
  claimsExpired: 'ha caducado',
  claimsNotYetValid: 'todavía no es válido',

  idpClientNotFound: 'Ninguna aplicación conectada tiene el client_id {clientId}.',
  invalidRedirectUri: 'redirect_uri {uri} no está registrado para esta aplicación.',
  invalidPostLogoutRedirectUri: 'post_logout_redirect_uri {uri} no está registrado para esta aplicación.',
  unsupportedResponseType: 'response_type debe ser "code": solo se admite el flujo de código de autorización.',
  tooManyScopes: 'scopes puede enumerar como máximo {max} ámbitos.',
  scopeNotValid: '{scope} no es un ámbito válido: ASCII imprimible sin espacios, comillas ni barras invertidas.',

  unauthorizedCredentials: 'Credenciales no autorizadas.',
  duplicateEmail: 'Un usuario con esta dirección de correo electrónico ya tiene contraseña. Inicia sesión.',
  resetPassword: 'Hay que restablecer la contraseña.',
  breachedPassword: 'La contraseña aparece en la lista de contraseñas filtradas y hay que restablecerla.',
  passwordResetNotFound:
    'No se pudo usar el enlace para restablecer la contraseña porque ya se usó o caducó. Solicita otro.',
  passwordSeenInBreach:
    'Es posible que esta contraseña se haya usado en otro sitio que sufrió un problema de seguridad. Elige otra contraseña.',
  passwordMissesRequirements:
    'La contraseña no cumple los requisitos del proyecto: faltan {missingCharacters} carácter(es) más y {missingComplexity} tipo(s) de carácter más.',
  passwordTooWeak: 'La contraseña es demasiado débil: {advice}',
  passwordTooWeakAdvice: 'hazla más larga y menos predecible.',

  importLineNotJson: 'La línea no es JSON válido.',
  importLineNotObject: 'La línea debe ser un objeto JSON.',
  importedEmailTaken: 'Ya existe un usuario con esta dirección de correo electrónico.',
  importedHashMalformed: '{field} no tiene la forma {hashType} {form}.',
  fieldNotBase64: '{field} debe estar en base64.',
  fieldNotPowerOfTwo: '{field} debe ser una potencia de dos de {min} a {max}.',
  importedScryptKeyLength: 'hash debe decodificarse en key_length ({keyLength}) bytes.',
  importedScryptMemory:
    'scrypt_config pide {mebibytes} MiB por comprobación (128 × r × (N + 2 + p) bytes); se permiten como máximo {max} MiB.',

  oauthInvalidProvider: '{provider} no es un proveedor OAuth compatible.',
  oauthConfigNotFound: 'El inicio de sesión con {provider} no está configurado para este proyecto.',
  oauthStateNotFound:
    'Este intento de inicio de sesión es desconocido, caducó o ya se completó. Vuelve atrás e inicia sesión de nuevo.',
  oauthFlowCallbackError: 'No se pudo completar el inicio de sesión del proveedor: {reason}.',
  oauthProviderUnreachable: 'no se pudo contactar con el proveedor {provider}',
  oauthCodeExchangeFailed: 'falló el intercambio del código',
  oauthCallbackNotFormPost:
    'La respuesta de este proveedor es una redirección (GET); solo los proveedores form_post (Apple) envían POST a la devolución de llamada.',
  oauthTokenNotFound: 'No se encontró el token OAuth: es desconocido, caducó o ya se usó.',
  oauthCallbackNotFound: 'El oauth_callback_id es desconocido, caducó o ya se usó. Vuelve a empezar One Tap.',
  customScopeNotValid: 'custom_scopes tiene un ámbito no válido: {scope}',
  providerParamNotForwardable: '{name} no se puede reenviar al proveedor.',
  tooManyProviderParams: 'Se pueden reenviar como máximo {max} parámetros provider_<key>.',
  invalidIdToken: 'El token de ID no es válido: {reason}.',
  oneTapHeaderRequired: 'El encabezado {header} debe ser {value}.',
  noLoginRedirectUrlsSet:
    'El proyecto no tiene URL de redirección de inicio de sesión configuradas, así que One Tap no puede terminar.',
  devOneTapClientIdWrong: 'client_id no es el id de cliente de One Tap de desarrollo.',

  webauthnRegistrationNotFound:
    'Ningún registro WebAuthn tiene esta credencial. Puede que se haya eliminado de la cuenta.',
  webauthnRegistrationIdNotFound: 'El usuario que inició sesión no tiene ningún registro WebAuthn con este id.',
  duplicateWebauthnRegistration: 'Esta credencial ya está registrada.',
  webauthnChallengeNotFound:
    'El desafío WebAuthn es desconocido, caducó o ya se usó. Vuelve a empezar el registro o el inicio de sesión.',
  invalidWebauthnCredential: 'No se pudo verificar la credencial WebAuthn: {reason}',
  webauthnOriginMissing: 'Las llamadas WebAuthn deben venir de una página web: falta el encabezado Origin.',
  webauthnDomainNotHostName: 'domain debe ser un nombre de host como example.com (en minúsculas, sin puerto).',
  webauthnDomainNotOfPage:
    'domain {domain} no es el host de la página que llama {origin} ni un dominio superior de él.',
  credentialFieldNotBase64url: '{field} debe ser una cadena base64url.',
  credentialFieldNotString: '{field} debe ser una cadena.',
  credentialFieldNotObject: '{field} debe ser un objeto.',
  credentialFieldNotStringArray: '{field} debe ser una lista de cadenas.',
  credentialNotJsonText: 'public_key_credential debe ser un texto JSON.',
  credentialNotJsonObject: 'public_key_credential debe ser un objeto JSON.',
  credentialTypeNotPublicKey: 'public_key_credential.type debe ser "public-key".',
  clientDataNotJson: 'public_key_credential.response.clientDataJSON debe ser base64url de un objeto JSON.',
  clientDataHasNoChallenge: 'public_key_credential.response.clientDataJSON debe indicar el desafío (base64url).',
  overrideIdSize: 'override_id debe tener de 1 a {max} bytes.',
  credentialOfOtherRelyingParty: 'la credencial pertenece a la parte de confianza {domain}, no a {rpId}.',
  pageMayNotUseRelyingParty: 'la página {origin} no puede usar la parte de confianza {rpId}.',
  userHandleNotOfCredential: 'el identificador de usuario no pertenece a esta credencial.',
  signatureNotVerified: 'la firma no se verificó.',
  signatureCounterNotIncreased: 'el contador de firmas {counter} no aumentó.',

  invalidCryptoWalletAddress: 'La dirección de la billetera de criptomonedas no es válida: {detail}',
  ethereumAddressShape: 'una dirección de Ethereum es 0x seguido de 40 dígitos hexadecimales.',
  ethereumAddressChecksum: 'la dirección con mayúsculas y minúsculas no coincide con su suma de comprobación EIP-55.',
  solanaAddressShape: 'una dirección de Solana es el texto base58 de una clave pública de 32 bytes.',
  walletOfAnotherUser: 'esta billetera ya pertenece a otro usuario.',
  cryptoWalletChallengeNotFound:
    'Ningún desafío de billetera de criptomonedas espera a esta billetera: es desconocido, caducó o ya se usó. Vuelve a iniciar sesión.',
  invalidCryptoWalletSignature: 'La firma no es la firma del desafío hecha por esta billetera.',
  cryptoWalletChallengeNotYetValid:
    'El mensaje firmado no es válido antes de {notBefore} (su hora Not Before). Vuelve a enviar la firma a partir de esa hora.',
  siweIssuedAtOutOfRange: 'siwe_params.issued_at debe estar como máximo a {minutes} minutos de la hora del servicio.',
  siweNotBeforeAfterExpiration:
    'siwe_params.not_before debe ser anterior a la Expiration Time del mensaje, {minutes} minutos después de la hora del servicio.',
  siweOriginMissing: 'Sign-In with Ethereum necesita la página que llama: falta el encabezado Origin.',
  siweUriNotOnOrigin: 'siwe_params.uri debe estar en el origen de la página que llama {origin}.',
  siweChainIdNotValid: 'siwe_params.chain_id debe ser un id de cadena EIP-155 decimal, por ejemplo "1".',
  siweTooManyResources: 'siwe_params.resources puede nombrar como máximo {max} URI.',
  siweResourcesNotUris: 'siwe_params.resources deben ser URI absolutos, uno por línea.',
  siweParamsNotEthereum: 'siwe_params solo se aplica a billeteras de Ethereum.',
  ethereumSignatureShape:
    'signature debe ser una firma personal_sign hexadecimal de 65 bytes con prefijo 0x (r, s, v) y s baja.',
  solanaSignatureShape: 'signature debe ser el texto base58 de una firma ed25519 de 64 bytes.',

  intermediateSessionNotFound:
    'El token de sesión intermedia no existe, caducó o ya se usó. Vuelve a demostrar tu dirección de correo.',
  intermediateSessionOfOtherMember: 'El token de sesión intermedia pertenece a otra organización o a otro miembro.',
  organizationNotFound: 'Ninguna organización tiene este identificador o slug.',
  memberNotFound: 'Esta organización no tiene ese miembro.',
  organizationSlugAlreadyUsed: 'Otra organización ya usa el slug {slug}.',
  organizationSlugNotValid:
    'organization_slug debe tener de 2 a 128 letras minúsculas, cifras o los caracteres - . _ ~ (sin espacios).',
  organizationNameNotValid: 'organization_name debe tener de 1 a {max} caracteres.',
  emailDomainsNotValid: '{field} debe indicar como máximo {max} nombres de dominio como example.com.',
  emailDomainNotCreators: 'email_allowed_domains solo puede indicar {domain}, el dominio de la dirección que la crea.',
  emailJitProvisioningNotAllowed:
    'Esta organización no permite que nuevos miembros se unan por correo. Pide una invitación a uno de sus administradores.',
  emailNotAllowedForJitProvisioning: 'Esta organización no admite nuevos miembros del dominio {domain}.',
  authMethodNotAllowed: 'Esta organización no permite iniciar sesión con {method}.',
  createOrganizationDisabled: 'Este proyecto no permite crear organizaciones desde el descubrimiento.',
  duplicateMemberPhoneNumber: 'Ya existe un miembro con ese número de teléfono en esta organización.',

  // SSO empresarial (conexiones SAML y OIDC).
  pkceSsoNeedsVerifier:
    'Este inicio de sesión SSO empezó con un desafío PKCE, así que autenticarlo requiere un pkce_code_verifier.',
  codeChallengeRequiredSso: 'pkce_code_challenge es obligatorio: este proyecto exige PKCE para SSO.',
  ssoConnectionNotFound: 'Ninguna conexión SSO activa tiene este connection_id.',
  ssoTokenNotFound: 'El token SSO es desconocido, ha caducado o ya se usó. Vuelve a iniciar sesión con SSO.',
  invalidSamlResponse: 'No se puede aceptar la respuesta SAML: {reason}.',
  samlNotXml: 'no es un documento Response de SAML 2.0',
  samlDestinationWrong: 'su Destination no es la URL del Assertion Consumer Service de esta conexión',
  samlRecipientWrong:
    'el Recipient de su confirmación bearer no es la URL del Assertion Consumer Service de esta conexión',
  samlAssertionMissing: 'no contiene ninguna aserción',
  samlAssertionIdMissing: 'su aserción no tiene ID',
  samlIssuerWrong: 'el Issuer de su aserción no es el proveedor de identidad configurado para esta conexión',
  samlSubjectMissing: 'su aserción no nombra ningún sujeto (NameID)',
  samlBearerConfirmationMissing: 'su aserción no tiene confirmación de sujeto bearer',
  samlNotOnOrAfterMissing: 'su confirmación bearer no tiene NotOnOrAfter',
  samlTimeNotValid: 'su {name} no es una fecha y hora',
  missingSignatureSamlResponse:
    'La respuesta SAML no está firmada: el proveedor de identidad debe firmar la respuesta o su aserción.',
  invalidSignatureSamlResponse:
    'La firma de la respuesta SAML no se verifica con ningún certificado configurado para esta conexión.',
  invalidAudienceSamlResponse: 'La aserción SAML no es para este servicio: su audiencia no es la de esta conexión.',
  expiredSamlResponse: 'La aserción SAML ha caducado. Vuelve a iniciar sesión.',
  notYetValidSamlResponse: 'La aserción SAML todavía no es válida. Revisa el reloj del proveedor de identidad.',
  duplicateSamlResponse: 'Esta aserción SAML ya se usó. Vuelve a iniciar sesión.',
  unsolicitedSamlResponse:
    'La respuesta SAML no responde a un inicio de sesión empezado aquí, o ese inicio caducó o ya se completó. ' +
    'Vuelve a empezar.',
  failedSamlResponse: 'El proveedor de identidad rechazó el inicio de sesión: {reason}.',
  invalidSamlResponseEmail:
    'La aserción SAML no contiene una dirección de correo válida. Revisa la asignación de atributos de la conexión.',
  unsolicitedOidcResponse:
    'Este intento de inicio de sesión es desconocido, ha caducado o ya se completó. Vuelve atrás y empieza de nuevo.',
  oidcAuthCodeError: 'No se pudo completar el inicio de sesión del proveedor de identidad: {reason}.',
  oidcCodeExchangeFailed: 'falló el intercambio del código',
  oidcProviderUnreachable: 'no se pudo contactar con el proveedor de identidad',
  oidcResponseEmailMissing: 'El proveedor de identidad no compartió ninguna dirección de correo.',
  oidcResponseUnverifiedEmail: 'El proveedor de identidad indica que la dirección de correo no está verificada.',
  devSsoRequestNotValid:
    'Esta no es una solicitud que el servicio envíe a este proveedor de identidad de desarrollo: {reason}.',
  devSsoEmailNotAtDomain:
    'Usa una dirección de {domains}: este proveedor de identidad solo conoce a la gente de la organización.',
  ssoJitProvisioningNotAllowed:
    'Esta organización no admite miembros nuevos a través de esta conexión SSO. Pide ayuda a uno de sus administradores.',

  memberTotpNotFound: 'Este miembro no tiene ninguna aplicación de autenticación que se pueda usar. Añade una primero.',
  memberTotpExists: 'Este miembro ya tiene una aplicación de autenticación.',
  mfaEnrollmentNeedsSession: 'Este miembro ya tiene un segundo factor: inicia sesión con él y luego añade otro.',
  mfaMethodNotAllowed: 'Esta organización no permite {method} como segundo factor.',
  mfaPhoneNumberMismatch:
    'Este miembro tiene otro número de teléfono para MFA; los códigos de acceso solo pueden ir a ese número.',
  mfaNeedsIntermediateSession:
    'Envía el intermediate_session_token del primer factor, o haz esta llamada desde una sesión de miembro iniciada.',
  memberSessionOfOtherMember: 'La sesión de miembro iniciada pertenece a otra organización o a otro miembro.',

  eventsBatchSize: 'El cuerpo de la solicitud debe ser una lista JSON de 1 a {max} eventos.',
  eventsNestTooDeep: 'Los eventos pueden anidarse como máximo {max} niveles.',
  eventsItemShape: 'Cada elemento debe ser {telemetry, event: {public_token, event_name, details}}.',
  dfpSignalsShape:
    '`signals` debe ser un objeto de como máximo {max} valores de texto de como máximo {length} caracteres.',

  deliveryGreeting: 'Hola:',
  linkLifetime: 'Caduca en {duration} y solo se puede usar una vez.',
  magicLinkLoginSubject: 'Tu enlace para iniciar sesión en {project}',
  magicLinkSignupSubject: 'Tu enlace para registrarte en {project}',
  magicLinkLoginBody: 'Usa este enlace para iniciar sesión en {project}. {lifetime}',
  magicLinkSignupBody: 'Usa este enlace para terminar de registrarte en {project}. {lifetime}',
  magicLinkLoginButton: 'Abrir tu enlace para iniciar sesión en {project}',
  magicLinkSignupButton: 'Abrir tu enlace para registrarte en {project}',
  magicLinkIgnore: 'Si no pediste este correo, puedes ignorarlo.',
  otpLoginSubject: 'Tu código para iniciar sesión en {project}',
  otpSignupSubject: 'Tu código para registrarte en {project}',
  otpSentence: 'Tu código de {project} es {code}. Caduca en {duration}.',
  otpCodeIs: 'Tu código de {project} es',
  otpExpiresIn: 'Caduca en {duration}.',
  otpIgnore: 'Si no pediste este código, puedes ignorar este correo.',
  passwordResetSubject: 'Restablece tu contraseña de {project}',
  passwordResetBody: 'Usa este enlace para elegir una contraseña nueva para {project}. {lifetime}',
  passwordResetButton: 'Restablecer tu contraseña',
  passwordResetIgnore:
    'Si no pediste restablecer tu contraseña, puedes ignorar este correo; tu contraseña sigue siendo la misma.',
};
