// Strings of the magic-link screens, Spanish.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enMagicLinks } from './strings.ts';

export const esMagicLinks: Record<keyof typeof enMagicLinks, string> = {
  'emailConfirmation.title': 'Revisa tu correo',
  'emailConfirmation.sent': 'Hemos enviado un correo electrónico a {email}',
  'emailConfirmation.openGmail': 'Abrir Gmail',
  'emailConfirmation.openYahoo': 'Abrir Yahoo',
  'emailConfirmation.openOutlook': 'Abrir Outlook',
  'emailConfirmation.newTab': '(se abre en una pestaña nueva)',
  'emailConfirmation.tryAgain': 'Volver a intentarlo',
};

registerTranslations('es', esMagicLinks);
