// Strings of the magic-link screens, English. Registered with the translator's defaults when the product's chunk
// loads, before any of its screens render; i18n/lazy.ts lists this table's type so every key is in `strings`.
import { registerDefaults } from '../../i18n/index.ts';

export const enMagicLinks = {
  // Email Confirmation (spec section 2)
  'emailConfirmation.title': 'Check your email',
  'emailConfirmation.sent': 'An email was sent to {email}',
  'emailConfirmation.openGmail': 'Open Gmail',
  'emailConfirmation.openYahoo': 'Open Yahoo',
  'emailConfirmation.openOutlook': 'Open Outlook',
  'emailConfirmation.newTab': '(opens in a new tab)',
  'emailConfirmation.tryAgain': 'Try again',
} as const;

registerDefaults(enMagicLinks);
