// The service's error messages in French. Field names, header names and protocol words (code_challenge, PKCE,
// E.164, JSON) stay as the API spells them; every `{name}` of en.ts appears here too (test/server/language-*.test.ts).
import type { en } from './en.ts';

export const fr: Record<keyof typeof en, string> = {
  verbatim: '{text}',
  internal: 'Un problème est survenu de notre côté.',
  badRequest: 'Requête incorrecte.',

  invalidJson: "Le corps de la requête n'est pas du JSON valide.",
  bodyNotJsonObject: 'Le corps de la requête doit être un objet JSON.',
  unsupportedMediaType: 'Le corps de la requête doit être du JSON, envoyé avec Content-Type: application/json.',
  payloadTooLarge: 'Le corps de la requête dépasse {maxBytes} octets.',
  requestBodyIncomplete: 'La connexion a été fermée avant la fin du corps de la requête.',
  queryNotPercentEncoded: "La chaîne de requête n'est pas un encodage-pourcent valide.",
  fieldRequired: '{field} est obligatoire.',
  fieldNotString: '{field} doit être une chaîne',
  fieldNotNumber: '{field} doit être un nombre',
  fieldNotBoolean: '{field} doit être un booléen',
  fieldNotObject: '{field} doit être un objet',
  fieldNotStringArray: '{field} doit être un tableau de chaînes',
  fieldHasNul: '{field} ne doit pas contenir de caractères NUL',
  fieldHasControlCharacters: '{field} ne doit pas contenir de caractères de contrôle.',
  fieldHasLineBreaks: '{field} ne doit pas contenir de sauts de ligne.',
  fieldEmpty: '{field} ne doit pas être vide.',
  fieldTooLong: '{field} doit faire au plus {max} caractères.',
  fieldNestsTooDeep: "{field} peut s'imbriquer sur au plus {max} niveaux.",
  fieldNotOneOf: "{field} doit être l'une de ces valeurs : {values}.",
  fieldNotDateTime: '{field} doit être une date-heure RFC 3339, par exemple 2026-01-01T00:00:00Z.',
  minutesOutOfRange: '{field} doit être un nombre entier de minutes entre {min} et {max}.',
  wholeNumberOutOfRange: '{field} doit être un nombre entier de {min} à {max}.',
  fieldNotObjectArray: '{field} doit être un tableau d’au plus {max} objets.',

  invalidEmail: "Le format de l'adresse e-mail n'est pas valide.",
  invalidPhoneNumber:
    "Le format du numéro de téléphone n'est pas valide. Vérifiez que le numéro de téléphone est au format E.164.",
  invalidPhoneNumberCountryCode:
    "L'indicatif pays du numéro de téléphone n'est pas valide, pas pris en charge ou pas activé pour ce projet.",
  invalidCode: "Le format du code n'est pas valide : un code d'accès comporte exactement {length} chiffres.",
  otpCodeNotFound:
    "Le code d'accès est erroné, a expiré ou a déjà été utilisé. Vérifiez le code ou demandez-en un nouveau.",
  userLockLimitReached: "Trop de tentatives d'authentification échouées. Veuillez réessayer plus tard.",
  emailTaken: 'Cette adresse e-mail appartient à un autre utilisateur.',
  phoneNumberTaken: 'Ce numéro de téléphone appartient à un autre utilisateur.',
  emailNotFound: "Aucun utilisateur n'a cette adresse e-mail.",
  phoneNumberNotFound: "Aucun utilisateur n'a ce numéro de téléphone.",

  publicTokenNotValid: "Le jeton public n'est pas valide pour ce projet.",
  publicTokenRequired: 'public_token est obligatoire.',
  basicAuthRequired: 'Envoyez Authorization: Basic base64(public_token:session_token ou public_token).',
  unknownPublicToken: "Aucun projet n'a ce jeton public.",
  userUnauthenticated: 'Une session active est nécessaire pour appeler cette méthode. Vous êtes-vous connecté ?',
  originNotAllowed: "L'origine {origin} n'est pas autorisée à appeler ce service.",
  sessionNotFound: 'Session introuvable.',
  // L'API backend (middleware/backend-auth.ts, routes/backend/).
  backendFromBrowser:
    "L'API backend utilise le secret du projet et n'est jamais appelée depuis un navigateur : appelez-la depuis votre serveur.",
  exactlyOneOf: 'Indiquez exactement un de {fields}.',
  searchCursorNotValid: "cursor n'est pas un curseur renvoyé par une recherche de ce service.",
  userNotFound: 'Utilisateur introuvable.',
  adminLoopbackOnly: "En développement, la console d'administration ne répond qu'aux requêtes de cette machine.",
  adminCsrfInvalid:
    "Le formulaire ne vient pas de cette page de la console d'administration ; rechargez la page et réessayez.",
  adminDeleteNotConfirmed: "La suppression d'un utilisateur demande l'étape de confirmation.",
  tooManyRequests: 'Trop de requêtes pour cet identifiant. Attendez une minute et réessayez.',
  tooManyClientRequests: 'Trop de requêtes depuis ce réseau. Réessayez plus tard.',

  routeNotFound: '{route} est introuvable.',
  projectNotFound: 'Ce projet est introuvable.',
  oidcEndpointNotFound:
    "Le point d'accès du fournisseur OpenID (servi uniquement par un serveur à l'écoute) est introuvable.",
  registrationNotFound: "L'enregistrement {kind} {id} est introuvable.",

  unableToAuthMagicLink:
    "Le lien magique n'a pas pu être authentifié car il a déjà été utilisé ou a expiré. Envoyez un autre lien magique à cet utilisateur.",
  redirectUrlMissing: "Aucune URL de redirection n'a été fournie et le projet n'a pas d'URL de redirection par défaut.",
  redirectUrlNotValid: "L'URL de redirection {url} n'est pas une URL http(s) valide.",
  redirectUrlNotAllowed:
    "L'URL de redirection {url} ne figure pas dans la liste des URL de redirection autorisées du projet.",
  pkceMagicLinkNeedsVerifier:
    "Ce lien magique a été envoyé avec un code_challenge PKCE : l'authentifier nécessite donc un code_verifier.",
  pkceOAuthNeedsVerifier:
    "Cette connexion OAuth a commencé avec un code_challenge PKCE : l'authentifier nécessite donc un code_verifier.",
  pkceMismatch: 'Le code_verifier ne correspond pas au code_challenge PKCE.',
  codeChallengeNotS256: 'code_challenge doit être un défi S256 : 43 caractères base64url.',
  codeChallengeRequiredMagicLink:
    'code_challenge est obligatoire : ce projet exige PKCE pour les liens magiques par e-mail.',
  codeChallengeRequiredOAuth: 'code_challenge est obligatoire : ce projet exige PKCE pour OAuth.',
  codeChallengeRequiredPasswordReset:
    'code_challenge est obligatoire : ce projet exige PKCE pour les réinitialisations de mot de passe.',
  codeChallengeRequiredPublicClient:
    'code_challenge est obligatoire : cette application est un client public, qui doit utiliser PKCE.',

  emailDeliveryFailed: "L'e-mail n'a pas pu être envoyé. Vérifiez l'adresse et réessayez dans un instant.",
  smsDeliveryFailed: "Le SMS n'a pas pu être envoyé. Vérifiez le numéro et réessayez dans un instant.",
  whatsappDeliveryFailed:
    "Le message WhatsApp n'a pas pu être envoyé. Vérifiez le numéro et réessayez dans un instant.",

  totpNotFound: "Cet utilisateur n'a aucun authentificateur TOTP utilisable.",
  totpCodeWrong: 'Le code TOTP est erroné ou a expiré. Saisissez le code actuel de votre application.',
  totpCodeAlreadyUsed:
    "Ce code TOTP a déjà été utilisé. Attendez le code suivant de votre application d'authentification.",
  recoveryCodeNotFound: 'Le code de récupération est erroné ou a déjà été utilisé.',
  accessTokenNotFound: "Le jeton d'accès est inconnu ou son autorisation a été révoquée.",
  impersonationTokenNotFound: "Le jeton d'usurpation est inconnu, a expiré ou a déjà été utilisé.",
  trustedAuthProfileNotFound: "Aucun profil de jeton d'authentification de confiance n'a ce profile_id.",
  invalidTrustedAuthToken: "Le jeton d'authentification de confiance n'est pas valide : {reason}.",
  connectedAppNotFound: "Cet utilisateur n'a donné accès à aucune application connectée ayant cet id.",

  tokenNotCompactJwt: "ce n'est pas un JWT compact",
  tokenAlgorithmNotHs256: "l'algorithme doit être HS256",
  tokenSignatureNotVerified: 'la signature ne se vérifie pas',
  tokenPayloadNotObject: "le contenu n'est pas un objet JSON",
  tokenHasNoEmail: 'il ne porte aucune revendication email',
  idTokenNotCompactJwt: "ce n'est pas un JWT compact",
  idTokenAlgorithmUnsupported: "son algorithme n'est ni RS256 ni ES256",
  idTokenKeyUnknown: "aucune clé connue ne l'a signé",
  idTokenSignatureNotVerified: 'sa signature ne se vérifie pas',
  idTokenPayloadNotObject: "son contenu n'est pas un objet JSON",
  idTokenHasNoSubject: "il n'indique aucun sujet",
  idTokenNonceMismatch: "son nonce n'est pas cet oauth_callback_id",
  idTokenGoogleKeysUnavailable: "les clés de signature de Google n'ont pas pu être récupérées",
  claimsIssuerUnexpected: "son émetteur n'est pas celui attendu",
  claimsAudienceUnexpected: "son audience n'est pas celle attendue",
  claimsExpired: 'il a expiré',
  claimsNotYetValid: "il n'est pas encore valide",

  idpClientNotFound: "Aucune application connectée n'a le client_id {clientId}.",
  invalidRedirectUri: "redirect_uri {uri} n'est pas enregistré pour cette application.",
  invalidPostLogoutRedirectUri: "post_logout_redirect_uri {uri} n'est pas enregistré pour cette application.",
  unsupportedResponseType: 'response_type doit être "code" : seul le flux du code d\'autorisation est pris en charge.',
  tooManyScopes: 'scopes peut lister au plus {max} portées.',
  scopeNotValid:
    "{scope} n'est pas une portée valide : ASCII imprimable sans espaces, guillemets ni barres obliques inverses.",

  unauthorizedCredentials: 'Identifiants non autorisés.',
  duplicateEmail: 'Un utilisateur avec cette adresse e-mail a déjà un mot de passe. Connectez-vous.',
  resetPassword: 'Le mot de passe doit être réinitialisé.',
  breachedPassword: 'Le mot de passe figure dans la liste des mots de passe divulgués et doit être réinitialisé.',
  passwordResetNotFound:
    "Le lien de réinitialisation du mot de passe n'a pas pu être utilisé car il a déjà été utilisé ou a expiré. Demandez-en un autre.",
  passwordSeenInBreach:
    'Ce mot de passe a peut-être été utilisé sur un autre site victime d’un problème de sécurité. Veuillez choisir un autre mot de passe.',
  passwordMissesRequirements:
    'Le mot de passe ne respecte pas les exigences du projet : il faut {missingCharacters} caractère(s) de plus et {missingComplexity} type(s) de caractère de plus.',
  passwordTooWeak: 'Le mot de passe est trop faible : {advice}',
  passwordTooWeakAdvice: 'rendez-le plus long et moins prévisible.',

  importLineNotJson: "La ligne n'est pas du JSON valide.",
  importLineNotObject: 'La ligne doit être un objet JSON.',
  importedEmailTaken: 'Un utilisateur avec cette adresse e-mail existe déjà.',
  importedHashMalformed: "{field} n'a pas la forme {hashType} {form}.",
  fieldNotBase64: '{field} doit être en base64.',
  fieldNotPowerOfTwo: '{field} doit être une puissance de deux de {min} à {max}.',
  importedScryptKeyLength: 'hash doit se décoder en key_length ({keyLength}) octets.',
  importedScryptMemory:
    'scrypt_config demande {mebibytes} Mio par vérification (128 × r × (N + 2 + p) octets) ; au plus {max} Mio sont permis.',

  oauthInvalidProvider: "{provider} n'est pas un fournisseur OAuth pris en charge.",
  oauthConfigNotFound: "La connexion avec {provider} n'est pas configurée pour ce projet.",
  oauthStateNotFound:
    'Cette tentative de connexion est inconnue, a expiré ou est déjà terminée. Revenez en arrière et recommencez la connexion.',
  oauthFlowCallbackError: "La connexion chez le fournisseur n'a pas pu aboutir : {reason}.",
  oauthProviderUnreachable: "le fournisseur {provider} n'a pas pu être joint",
  oauthCodeExchangeFailed: "l'échange du code a échoué",
  oauthCallbackNotFormPost:
    'La réponse de ce fournisseur est une redirection (GET) ; seuls les fournisseurs form_post (Apple) envoient un POST au rappel.',
  oauthTokenNotFound: 'Jeton OAuth introuvable : il est inconnu, a expiré ou a déjà été utilisé.',
  oauthCallbackNotFound: "L'oauth_callback_id est inconnu, a expiré ou a déjà été utilisé. Relancez One Tap.",
  customScopeNotValid: 'custom_scopes contient une portée non valide : {scope}',
  providerParamNotForwardable: '{name} ne peut pas être transmis au fournisseur.',
  tooManyProviderParams: 'Au plus {max} paramètres provider_<key> peuvent être transmis.',
  invalidIdToken: "Le jeton d'identité n'est pas valide : {reason}.",
  oneTapHeaderRequired: "L'en-tête {header} doit valoir {value}.",
  noLoginRedirectUrlsSet:
    "Le projet n'a aucune URL de redirection de connexion définie : One Tap ne peut donc pas terminer.",
  devOneTapClientIdWrong: "client_id n'est pas l'id client One Tap de développement.",

  webauthnRegistrationNotFound:
    "Aucun enregistrement WebAuthn n'a cet identifiant. Il a peut-être été supprimé du compte.",
  webauthnRegistrationIdNotFound: "L'utilisateur connecté n'a aucun enregistrement WebAuthn avec cet id.",
  duplicateWebauthnRegistration: 'Cet identifiant est déjà enregistré.',
  webauthnChallengeNotFound:
    "Le défi WebAuthn est inconnu, a expiré ou a déjà été utilisé. Recommencez l'enregistrement ou la connexion.",
  invalidWebauthnCredential: "L'identifiant WebAuthn n'a pas pu être vérifié : {reason}",
  webauthnOriginMissing: "Les appels WebAuthn doivent venir d'une page web : l'en-tête Origin est absent.",
  webauthnDomainNotHostName: "domain doit être un nom d'hôte comme example.com (en minuscules, sans port).",
  webauthnDomainNotOfPage:
    "domain {domain} n'est ni l'hôte de la page appelante {origin} ni un domaine parent de celui-ci.",
  credentialFieldNotBase64url: '{field} doit être une chaîne base64url.',
  credentialFieldNotString: '{field} doit être une chaîne.',
  credentialFieldNotObject: '{field} doit être un objet.',
  credentialFieldNotStringArray: '{field} doit être un tableau de chaînes.',
  credentialNotJsonText: 'public_key_credential doit être un texte JSON.',
  credentialNotJsonObject: 'public_key_credential doit être un objet JSON.',
  credentialTypeNotPublicKey: 'public_key_credential.type doit valoir "public-key".',
  clientDataNotJson: "public_key_credential.response.clientDataJSON doit être le base64url d'un objet JSON.",
  clientDataHasNoChallenge: 'public_key_credential.response.clientDataJSON doit indiquer le défi (base64url).',
  overrideIdSize: 'override_id doit faire de 1 à {max} octets.',
  credentialOfOtherRelyingParty: "l'identifiant appartient à la partie de confiance {domain}, pas à {rpId}.",
  pageMayNotUseRelyingParty: 'la page {origin} ne peut pas utiliser la partie de confiance {rpId}.',
  userHandleNotOfCredential: "l'identifiant d'utilisateur n'appartient pas à cet identifiant.",
  signatureNotVerified: "la signature n'a pas été vérifiée.",
  signatureCounterNotIncreased: "le compteur de signatures {counter} n'a pas augmenté.",

  invalidCryptoWalletAddress: "L'adresse du portefeuille crypto n'est pas valide : {detail}",
  ethereumAddressShape: 'une adresse Ethereum est 0x suivi de 40 chiffres hexadécimaux.',
  ethereumAddressChecksum: "l'adresse en casse mixte ne correspond pas à sa somme de contrôle EIP-55.",
  solanaAddressShape: "une adresse Solana est le texte base58 d'une clé publique de 32 octets.",
  walletOfAnotherUser: 'ce portefeuille appartient déjà à un autre utilisateur.',
  cryptoWalletChallengeNotFound:
    "Aucun défi de portefeuille crypto n'attend ce portefeuille : il est inconnu, a expiré ou a déjà été utilisé. Recommencez la connexion.",
  invalidCryptoWalletSignature: "La signature n'est pas la signature du défi par ce portefeuille.",
  cryptoWalletChallengeNotYetValid:
    "Le message signé n'est pas valide avant {notBefore} (son heure Not Before). Renvoyez la signature à partir de cette heure.",
  siweIssuedAtOutOfRange: "siwe_params.issued_at doit être au plus à {minutes} minutes de l'heure du service.",
  siweNotBeforeAfterExpiration:
    "siwe_params.not_before doit précéder l'Expiration Time du message, {minutes} minutes après l'heure du service.",
  siweOriginMissing: "Sign-In with Ethereum a besoin de la page appelante : l'en-tête Origin est absent.",
  siweUriNotOnOrigin: "siwe_params.uri doit être sur l'origine de la page appelante {origin}.",
  siweChainIdNotValid: 'siwe_params.chain_id doit être un id de chaîne EIP-155 décimal, par exemple "1".',
  siweTooManyResources: 'siwe_params.resources peut nommer au plus {max} URI.',
  siweResourcesNotUris: 'siwe_params.resources doit contenir des URI absolus, un par ligne.',
  siweParamsNotEthereum: "siwe_params ne s'applique qu'aux portefeuilles Ethereum.",
  ethereumSignatureShape:
    'signature doit être une signature personal_sign hexadécimale de 65 octets préfixée par 0x (r, s, v) avec un s bas.',
  solanaSignatureShape: "signature doit être le texte base58 d'une signature ed25519 de 64 octets.",

  intermediateSessionNotFound:
    "Le jeton de session intermédiaire est inconnu, expiré ou déjà utilisé. Prouvez à nouveau l'adresse e-mail.",
  intermediateSessionOfOtherMember:
    'Le jeton de session intermédiaire appartient à une autre organisation ou à un autre membre.',
  organizationNotFound: "Aucune organisation n'a cet identifiant ou ce slug.",
  memberNotFound: "Cette organisation n'a pas ce membre.",
  organizationSlugAlreadyUsed: 'Le slug {slug} est déjà utilisé par une autre organisation.',
  organizationSlugNotValid:
    'organization_slug doit compter de 2 à 128 lettres minuscules, chiffres ou caractères - . _ ~ (sans espaces).',
  organizationNameNotValid: 'organization_name doit compter de 1 à {max} caractères.',
  emailDomainsNotValid: '{field} doit lister au plus {max} noms de domaine comme example.com.',
  emailDomainNotCreators: "email_allowed_domains ne peut lister que {domain}, le domaine de l'adresse qui la crée.",
  emailJitProvisioningNotAllowed:
    "Cette organisation ne laisse pas de nouveaux membres la rejoindre par e-mail. Demandez une invitation à l'un de ses administrateurs.",
  emailNotAllowedForJitProvisioning: "Cette organisation n'admet pas de nouveaux membres du domaine {domain}.",
  authMethodNotAllowed: "Cette organisation n'autorise pas la connexion par {method}.",
  createOrganizationDisabled: 'Ce projet ne permet pas de créer des organisations depuis la découverte.',
  duplicateMemberPhoneNumber: 'Un membre avec ce numéro de téléphone existe déjà dans cette organisation.',

  // SSO d'entreprise (connexions SAML et OIDC).
  pkceSsoNeedsVerifier:
    "Cette connexion SSO a commencé avec un défi PKCE : l'authentifier exige un pkce_code_verifier.",
  codeChallengeRequiredSso: 'pkce_code_challenge est obligatoire : ce projet exige PKCE pour le SSO.',
  ssoConnectionNotFound: "Aucune connexion SSO active n'a ce connection_id.",
  ssoTokenNotFound: 'Le jeton SSO est inconnu, expiré ou déjà utilisé. Reconnectez-vous avec le SSO.',
  invalidSamlResponse: 'La réponse SAML ne peut pas être acceptée : {reason}.',
  samlNotXml: "ce n'est pas un document Response SAML 2.0",
  samlDestinationWrong: "sa Destination n'est pas l'URL de l'Assertion Consumer Service de cette connexion",
  samlRecipientWrong:
    "le Recipient de sa confirmation bearer n'est pas l'URL de l'Assertion Consumer Service de cette connexion",
  samlAssertionMissing: 'elle ne contient aucune assertion',
  samlAssertionIdMissing: "son assertion n'a pas d'ID",
  samlIssuerWrong: "l'Issuer de son assertion n'est pas le fournisseur d'identité configuré pour cette connexion",
  samlSubjectMissing: 'son assertion ne nomme aucun sujet (NameID)',
  samlBearerConfirmationMissing: "son assertion n'a pas de confirmation de sujet bearer",
  samlNotOnOrAfterMissing: "sa confirmation bearer n'a pas de NotOnOrAfter",
  samlTimeNotValid: "son {name} n'est pas une date et heure",
  missingSignatureSamlResponse:
    "La réponse SAML n'est pas signée : le fournisseur d'identité doit signer la réponse ou son assertion.",
  invalidSignatureSamlResponse:
    'La signature de la réponse SAML ne se vérifie avec aucun certificat configuré pour cette connexion.',
  invalidAudienceSamlResponse:
    "L'assertion SAML n'est pas destinée à ce service : son audience n'est pas celle de cette connexion.",
  expiredSamlResponse: "L'assertion SAML a expiré. Reconnectez-vous.",
  notYetValidSamlResponse: "L'assertion SAML n'est pas encore valide. Vérifiez l'horloge du fournisseur d'identité.",
  duplicateSamlResponse: 'Cette assertion SAML a déjà été utilisée. Reconnectez-vous.',
  unsolicitedSamlResponse:
    'La réponse SAML ne répond à aucune connexion commencée ici, ou celle-ci a expiré ou est déjà terminée. ' +
    'Recommencez la connexion.',
  failedSamlResponse: "Le fournisseur d'identité a refusé la connexion : {reason}.",
  invalidSamlResponseEmail:
    "L'assertion SAML ne contient aucune adresse e-mail valide. Vérifiez la correspondance des attributs de la connexion.",
  unsolicitedOidcResponse:
    'Cette tentative de connexion est inconnue, a expiré ou est déjà terminée. Revenez en arrière et recommencez.',
  oidcAuthCodeError: "La connexion chez le fournisseur d'identité n'a pas pu aboutir : {reason}.",
  oidcCodeExchangeFailed: "l'échange du code a échoué",
  oidcProviderUnreachable: "le fournisseur d'identité est injoignable",
  oidcResponseEmailMissing: "Le fournisseur d'identité n'a partagé aucune adresse e-mail.",
  oidcResponseUnverifiedEmail: "Le fournisseur d'identité indique que l'adresse e-mail n'est pas vérifiée.",
  devSsoRequestNotValid:
    "Ce n'est pas une requête que le service envoie à ce fournisseur d'identité de développement : {reason}.",
  devSsoEmailNotAtDomain:
    "Utilisez une adresse de {domains} : ce fournisseur d'identité ne connaît que les membres de l'organisation.",
  ssoJitProvisioningNotAllowed:
    "Cette organisation n'accepte pas de nouveaux membres par cette connexion SSO. Demandez à l'un de ses administrateurs.",

  memberTotpNotFound: "Ce membre n'a aucune application d'authentification utilisable. Ajoutez-en une d'abord.",
  memberTotpExists: "Ce membre a déjà une application d'authentification.",
  mfaEnrollmentNeedsSession: 'Ce membre a déjà un second facteur : connectez-vous avec lui, puis ajoutez-en un autre.',
  mfaMethodNotAllowed: "Cette organisation n'autorise pas {method} comme second facteur.",
  mfaPhoneNumberMismatch:
    "Ce membre a un autre numéro de téléphone MFA ; les codes d'accès ne peuvent être envoyés qu'à ce numéro.",
  mfaNeedsIntermediateSession:
    "Envoyez l'intermediate_session_token du premier facteur, ou faites cet appel depuis une session de membre ouverte.",
  memberSessionOfOtherMember: 'La session de membre ouverte appartient à une autre organisation ou à un autre membre.',

  eventsBatchSize: 'Le corps de la requête doit être un tableau JSON de 1 à {max} événements.',
  eventsNestTooDeep: "Les événements peuvent s'imbriquer sur au plus {max} niveaux.",
  eventsItemShape: 'Chaque élément doit être {telemetry, event: {public_token, event_name, details}}.',
  dfpSignalsShape: '`signals` doit être un objet d’au plus {max} valeurs texte d’au plus {length} caractères.',

  deliveryGreeting: 'Bonjour,',
  linkLifetime: "Il expire dans {duration} et ne fonctionne qu'une fois.",
  magicLinkLoginSubject: 'Votre lien de connexion à {project}',
  magicLinkSignupSubject: "Votre lien d'inscription à {project}",
  magicLinkLoginBody: 'Utilisez ce lien pour vous connecter à {project}. {lifetime}',
  magicLinkSignupBody: 'Utilisez ce lien pour terminer votre inscription à {project}. {lifetime}',
  magicLinkLoginButton: 'Ouvrir votre lien de connexion à {project}',
  magicLinkSignupButton: "Ouvrir votre lien d'inscription à {project}",
  magicLinkIgnore: "Si vous n'avez pas demandé cet e-mail, vous pouvez l'ignorer.",
  otpLoginSubject: 'Votre code de connexion à {project}',
  otpSignupSubject: "Votre code d'inscription à {project}",
  otpSentence: 'Votre code {project} est {code}. Il expire dans {duration}.',
  otpCodeIs: 'Votre code {project} est',
  otpExpiresIn: 'Il expire dans {duration}.',
  otpIgnore: "Si vous n'avez pas demandé ce code, vous pouvez ignorer cet e-mail.",
  passwordResetSubject: 'Réinitialisez votre mot de passe {project}',
  passwordResetBody: 'Utilisez ce lien pour choisir un nouveau mot de passe pour {project}. {lifetime}',
  passwordResetButton: 'Réinitialiser votre mot de passe',
  passwordResetIgnore:
    "Si vous n'avez pas demandé à réinitialiser votre mot de passe, vous pouvez ignorer cet e-mail ; votre mot de passe reste le même.",
};
