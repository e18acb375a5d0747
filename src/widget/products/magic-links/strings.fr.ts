// Strings of the magic-link screens, French.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enMagicLinks } from './strings.ts';

export const frMagicLinks: Record<keyof typeof enMagicLinks, string> = {
  'emailConfirmation.title': 'Consultez vos e-mails',
  'emailConfirmation.sent': 'Un e-mail a été envoyé à {email}',
  'emailConfirmation.openGmail': 'Ouvrir Gmail',
  'emailConfirmation.openYahoo': 'Ouvrir Yahoo',
  'emailConfirmation.openOutlook': 'Ouvrir Outlook',
  'emailConfirmation.newTab': '(s’ouvre dans un nouvel onglet)',
  'emailConfirmation.tryAgain': 'Réessayer',
};

registerTranslations('fr', frMagicLinks);
