// Strings of the passcode screens, Spanish.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enOtps } from './strings.ts';

export const esOtps: Record<keyof typeof enOtps, string> = {
  'otp.title': 'Introduce el código',
  'otp.sentTo': 'Te hemos enviado un código de {length} dígitos a {destination}.',
  'otp.codeLabel': 'Código',
  'otp.verifying': 'Verificando el código...',
  'otp.expiresIn': 'Tu código caduca en {time}.',
  'otp.expired': 'Tu código ha caducado.',
  'otp.didNotGetIt': '¿No lo has recibido?',
  'otp.resend': 'Reenviar código',
  'otp.codeSent': 'Código enviado',
  'otpConfirmation.text': 'Tu código se ha verificado correctamente.',
};

registerTranslations('es', esOtps);
