// Strings of the consent and logout screens, French.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enIdp } from './strings.ts';

export const frIdp: Record<keyof typeof enIdp, string> = {
  'consent.title': '{clientName} souhaite accéder à votre compte {project}',
  'consent.logoAlt': 'Logo de {clientName}',
  'consent.allowsTo': 'Cela permettra à {clientName} de\u00a0:',
  'consent.allow': 'Autoriser',
  'consent.deny': 'Refuser',
  'consent.cannotGrant': 'Vous ne pouvez pas accorder à {clientName} sa demande de\u00a0:',
  'consent.noPermission':
    'Vous n’avez pas les autorisations nécessaires pour accorder à {client} l’accès à certaines des portées demandées.',
  'consent.scope.openid': 'Confirmer votre identité',
  'consent.scope.profile': 'Voir votre nom et votre photo de profil',
  'consent.scope.email': 'Voir votre adresse e-mail',
  'consent.scope.phone': 'Voir votre numéro de téléphone',
  'consent.scope.full_access': 'Agir en votre nom avec un accès complet à votre compte',
  'consent.scope.offline_access': 'Conserver l’accès à votre compte en votre absence',
  'consent.scope.custom': 'Utiliser l’autorisation «\u00a0{scope}\u00a0»',
  'logout.title': 'Voulez-vous vraiment vous déconnecter de votre compte {project}\u00a0?',
  'logout.yes': 'Oui',
  'logout.no': 'Non',
  'logout.notLoggedOut': 'Vous n’avez pas été déconnecté. Vous pouvez fermer cette page.',
  'consent.working': 'Veuillez patienter...',
};

registerTranslations('fr', frIdp);
