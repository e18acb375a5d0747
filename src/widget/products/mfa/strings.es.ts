// Strings of the organization MFA screens, Spanish.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enMfa } from './strings.ts';

export const esMfa: Record<keyof typeof enMfa, string> = {
  'mfa.enrollment.title': 'Configura la autenticación multifactor',
  'mfa.enrollment.text': 'Tu organización exige una verificación adicional para que tu cuenta sea más segura.',
  'mfa.enrollment.totp': 'Usar una aplicación de autenticación',
  'mfa.enrollment.sms': 'Enviarme un código por SMS',
  'mfa.totpEnroll.title': 'Escanea el código QR para vincular tu aplicación de autenticación',
  'mfa.totpEnroll.text':
    'Tu organización exige una verificación adicional para que tu cuenta sea más segura. Si no tienes una aplicación de autenticación, primero tendrás que instalar una.',
  'mfa.totpEnroll.qrAlt': 'Código QR para tu aplicación de autenticación: contiene la clave secreta que aparece debajo',
  'mfa.totpEnroll.manual': '¿No puedes escanear el código QR? Escribe esta clave en tu aplicación de autenticación:',
  'mfa.totpEnroll.copy': 'Copiar la clave',
  'mfa.totpEnroll.copied': '¡Copiada!',
  'mfa.totpEnroll.copyFailed': 'No se ha podido copiar la clave en el portapapeles',
  'mfa.totpEnroll.creating': 'Preparando tu aplicación de autenticación…',
  'mfa.totpEnroll.helper':
    'Si el código de verificación no funciona, vuelve a tu aplicación de autenticación para obtener uno nuevo.',
  'mfa.totp.title': 'Introduce el código de verificación',
  'mfa.totp.text': 'Introduce el código de 6 dígitos de tu aplicación de autenticación.',
  'mfa.totp.useRecoveryCode': 'Usar un código de recuperación',
  'mfa.totp.useSms': 'Enviarme un código por SMS',
  'mfa.code.label': 'Código de un solo uso',
  'mfa.code.verifying': 'Verificando el código...',
  'mfa.smsEnroll.title': 'Escribe tu número de teléfono para configurar la autenticación multifactor',
  'mfa.smsEnroll.text': 'Tu organización exige una verificación adicional para que tu cuenta sea más segura.',
  'mfa.smsEnroll.continue': 'Continuar',
  'mfa.sms.title': 'Introduce el código',
  'mfa.sms.sending': 'Enviando un código a tu teléfono…',
  'mfa.sms.sentTo': 'Te hemos enviado un código de 6 dígitos al {destination}.',
  'mfa.sms.didNotGetIt': '¿No lo has recibido?',
  'mfa.sms.resend': 'Reenviar el código',
  'mfa.sms.codeSent': 'Código enviado',
  'mfa.sms.useTotp': 'Usar una aplicación de autenticación',
  'mfa.recoveryCodes.title': '¡Guarda tus códigos de recuperación!',
  'mfa.recoveryCodes.text':
    'Esta es la única vez que podrás ver y guardar tus códigos de recuperación. Cada uno te permite iniciar sesión una vez si pierdes tu aplicación de autenticación.',
  'mfa.recoveryCodes.listLabel': 'Tus códigos de recuperación',
  'mfa.recoveryCodes.download': 'Descargar el archivo .txt',
  'mfa.recoveryCodes.copy': 'Copiar todos en el portapapeles',
  'mfa.recoveryCodes.copied': '¡Copiados!',
  'mfa.recoveryCodes.copyFailed': 'No se han podido copiar los códigos en el portapapeles',
  'mfa.recoveryCodes.done': 'Listo',
  'mfa.recoveryCodes.file': '{organization}-codigos-de-recuperacion',
  'mfa.recoveryCodes.fileNoOrganization': 'codigos-de-recuperacion',
  'mfa.recover.title': 'Introduce un código de recuperación',
  'mfa.recover.text':
    'Introduce uno de los códigos de recuperación que guardaste al configurar tu aplicación de autenticación.',
  'mfa.recover.label': 'Código de recuperación',
  'mfa.recover.continue': 'Continuar',
};

registerTranslations('es', esMfa);
