// The generic Success and Error screens, French.
// Fetched only on a page shown in this language (with the locale index: i18n/tables.ts).
// Keys and where each text shows: en-outcome.ts.
import { registerTranslations } from './index.ts';
import type { enOutcome } from './en-outcome.ts';

export const frOutcome: Record<keyof typeof enOutcome, string> = {
  'success.title': 'C’est fait\u00a0!',
  'success.text': 'Vous êtes bien connecté.',
  'error.title': 'Une erreur s’est produite\u00a0!',
};

registerTranslations('fr', frOutcome);
