// Strings of the passcode screens, French.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enOtps } from './strings.ts';

export const frOtps: Record<keyof typeof enOtps, string> = {
  'otp.title': 'Saisissez le code',
  'otp.sentTo': 'Un code à {length} chiffres vous a été envoyé à {destination}.',
  'otp.codeLabel': 'Code',
  'otp.verifying': 'Vérification du code...',
  'otp.expiresIn': 'Votre code expire dans {time}.',
  'otp.expired': 'Votre code a expiré.',
  'otp.didNotGetIt': 'Vous ne l’avez pas reçu\u00a0?',
  'otp.resend': 'Renvoyer le code',
  'otp.codeSent': 'Code envoyé',
  'otpConfirmation.text': 'Votre code a bien été vérifié.',
};

registerTranslations('fr', frOtps);
