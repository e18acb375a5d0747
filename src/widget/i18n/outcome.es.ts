// The generic Success and Error screens, Spanish.
// Fetched only on a page shown in this language (with the locale index: i18n/tables.ts).
// Keys and where each text shows: en-outcome.ts.
import { registerTranslations } from './index.ts';
import type { enOutcome } from './en-outcome.ts';

export const esOutcome: Record<keyof typeof enOutcome, string> = {
  'success.title': '¡Listo!',
  'success.text': 'Has iniciado sesión correctamente.',
  'error.title': '¡Vaya, se ha producido un error!',
};

registerTranslations('es', esOutcome);
