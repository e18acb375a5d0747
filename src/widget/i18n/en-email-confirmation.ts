// Strings of Email Confirmation, English.
// Registered with the defaults when the screen's module loads (see lazy.ts).
import { registerDefaults } from './index.ts';

export const enEmailConfirmation = {
  // Email Confirmation (spec section 2)
  'emailConfirmation.title': 'Check your email',
  'emailConfirmation.sent': 'An email was sent to {email}',
  'emailConfirmation.openGmail': 'Open Gmail',
  'emailConfirmation.openYahoo': 'Open Yahoo',
  'emailConfirmation.openOutlook': 'Open Outlook',
  'emailConfirmation.newTab': '(opens in a new tab)',
  'emailConfirmation.tryAgain': 'Try again',
} as const;

registerDefaults(enEmailConfirmation);
