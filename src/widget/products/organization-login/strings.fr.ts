// Strings of the organization login screens, French.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enOrganizationLogin } from './strings.ts';

export const frOrganizationLogin: Record<keyof typeof enOrganizationLogin, string> = {
  'organizationLogin.title': 'Continuer vers {organizationName}',
  'organizationLogin.titleUnknown': 'Continuer vers ...',
  'organizationLogin.email.label': 'E-mail',
  'organizationLogin.email.continue': 'Continuer',
  'organizationLogin.divider': 'ou',
  'organizationLogin.connections.label': 'Connexions d’authentification unique de {organizationName}',
  'organizationLogin.continueWith': 'Continuer avec {connection}',
  'organizationLogin.checkEmail.title': 'Consultez vos e-mails',
  'organizationLogin.checkEmail.text': 'Un e-mail a été envoyé à {email}.',
  'organizationLogin.checkEmail.tryAgain': 'Essayer une autre adresse e-mail',
  'organizationLogin.notFound':
    'L’organisation que vous recherchez est introuvable. Si vous pensez qu’il s’agit d’une erreur, contactez votre administrateur.',
};

registerTranslations('fr', frOrganizationLogin);
