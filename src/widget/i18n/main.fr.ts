// Main's strings and the root's own, French.
// Fetched only on a page shown in this language (with the locale index: i18n/tables.ts).
// Keys and where each text shows: en.ts.
import { registerTranslations } from './index.ts';
import type { en } from './en.ts';

export const frMain: Record<keyof typeof en, string> = {
  'main.title': 'Inscrivez-vous ou connectez-vous',
  'main.logoAlt': 'Logo',
  'main.emailLabel': 'Adresse e-mail',
  'main.emailPlaceholder': 'exemple@email.com',
  'main.continue': 'Continuer',
  'main.divider': 'ou',
  'main.tabsLabel': 'Méthode de connexion',
  'main.tabText': 'SMS',
  'main.tabWhatsApp': 'WhatsApp',
  'main.tabEmail': 'E-mail',
  'main.phoneLabel': 'Numéro de téléphone',
  'main.countryLabel': 'Pays',
  'main.countryOption': '{name} (+{callingCode})',
  'main.watermark': 'Propulsé par auth-login',
  'common.back': 'Retour',
  'common.loading': 'Chargement',
  'common.authenticating': 'Connexion en cours…',
  'element.loadFailed':
    'Cette partie du formulaire de connexion n’a pas pu se charger. Vérifiez votre connexion et réessayez.',
  'element.invalidJson': 'L’attribut {attribute} n’est pas un JSON valide.',
  'validation.emailInvalid': 'Le format de l’adresse e-mail n’est pas valide.',
  'validation.emailInvalidOtp': 'Adresse e-mail non valide.',
  'validation.phoneInvalid': 'Le format du numéro de téléphone n’est pas valide. Vérifiez qu’il est au format E.164.',
  'config.emlAndEmailOtp': 'Impossible d’utiliser à la fois EML et l’OTP par e-mail',
  'config.passkeysAlone':
    'Impossible d’utiliser les clés d’accès seules\u00a0; ajoutez un autre produit à la configuration.',
};

registerTranslations('fr', frMain);
