// Strings of the single sign-on screens, French.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enSso } from './strings.ts';

export const frSso: Record<keyof typeof enSso, string> = {
  'sso.useSso': 'Utiliser l’authentification unique',
  'sso.email.title': 'Saisissez votre adresse e-mail pour continuer',
  'sso.email.label': 'E-mail',
  'sso.email.continue': 'Continuer',
  'sso.connections.title': 'Choisissez une connexion pour continuer',
  'sso.connections.label': 'Connexions d’authentification unique de {email}',
  'sso.connections.continueWith': 'Continuer avec {connection}',
  'sso.none.title': 'Désolé, nous n’avons trouvé aucune connexion',
  'sso.none.text':
    'Aucune connexion d’authentification unique n’est configurée pour {email}. Connectez-vous autrement ou contactez votre administrateur.',
  'sso.none.tryAnother': 'Essayer une autre méthode',
};

registerTranslations('fr', frSso);
