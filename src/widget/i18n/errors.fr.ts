// The error catalogue, French.
// Fetched only on a page shown in this language (with the locale index: i18n/tables.ts).
// Keys and where each text shows: en-errors.ts.
import { registerTranslations } from './index.ts';
import type { enErrors } from './en-errors.ts';

export const frErrors: Record<keyof typeof enErrors, string> = {
  'errors.invalid_email': 'Le format de l’adresse e-mail n’est pas valide.',
  'errors.invalid_phone_number':
    'Le format du numéro de téléphone n’est pas valide. Vérifiez qu’il est au format E.164.',
  'errors.unsubscribed_phone_number':
    'Ce numéro de téléphone est désinscrit de nos messages. Envoyez «\u00a0START\u00a0» à ce numéro pour vous réinscrire, puis réessayez.',
  'errors.inactive_email':
    'Cette adresse e-mail a été marquée comme inactive. Essayez une autre adresse, ou contactez votre administrateur si vous pensez qu’il s’agit d’une erreur.',
  'errors.unauthorized_credentials': 'Identifiants non autorisés.',
  'errors.user_unauthenticated':
    'Une session active est nécessaire pour appeler cette méthode. Vous êtes-vous connecté\u00a0?',
  'errors.email_not_found': 'Adresse e-mail introuvable.',
  'errors.unable_to_auth_magic_link':
    'Ce lien de connexion a déjà été utilisé ou a expiré. Demandez un nouveau lien et réessayez.',
  'errors.no_user_password': 'Aucun mot de passe trouvé pour cet utilisateur. Veuillez réessayer.',
  'errors.breached_password':
    'Ce mot de passe figure dans la liste des mots de passe compromis et doit être réinitialisé.',
  'errors.reset_password': 'Le mot de passe doit être réinitialisé.',
  'errors.oauth_token_not_found': 'Jeton OAuth introuvable.',
  'errors.invalid_code': 'Le format du code n’est pas valide, veuillez réessayer.',
  'errors.member_password_not_found': 'Mot de passe du membre introuvable.',
  'errors.oauth_flow_callback_error':
    'Une erreur s’est produite lors de la finalisation de la connexion. Veuillez réessayer.',
  'errors.unauthorized_action': 'Action non autorisée.',
  'errors.user_lock_limit_reached': 'Trop de tentatives d’authentification échouées. Veuillez réessayer plus tard.',
  'errors.invalid_session_token': 'Jeton de session non valide.',
  'errors.session_not_found': 'Session introuvable.',
  'errors.invalid_phone_number_country_code':
    'L’indicatif pays du numéro de téléphone n’est pas valide, n’est pas pris en charge ou n’est pas activé pour ce projet.',
  'errors.otp_code_not_found': 'Code non valide, veuillez réessayer.',
  'errors.duplicate_member_phone_number': 'Un membre avec ce numéro de téléphone existe déjà dans cette organisation.',
  'errors.webauthn_registration_not_found':
    'Clé d’accès introuvable. Vous l’avez peut-être supprimée de votre compte, mais pas de votre gestionnaire de mots de passe. Veuillez réessayer.',
  'consent.denied': 'L’accès à l’application a été refusé.',
  'consent.missingParameter':
    'Un paramètre obligatoire est manquant\u00a0: {name}. Veuillez contacter le développeur de l’application.',
  'consent.noSession': 'Aucune session active détectée. Veuillez vous connecter pour continuer.',
};

registerTranslations('fr', frErrors);
