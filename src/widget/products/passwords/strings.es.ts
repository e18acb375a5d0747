// Strings of the password screens (zxcvbn's texts included), Spanish.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enPasswords } from './strings.ts';

export const esPasswords: Record<keyof typeof enPasswords, string> = {
  'password.createTitle': 'Crea una cuenta',
  'password.loginTitle': 'Inicia sesión',
  'password.resetFormTitle': 'Establece una contraseña nueva',
  'password.emailLabel': 'Correo electrónico',
  'password.passwordLabel': 'Contraseña',
  'password.newPasswordLabel': 'Contraseña nueva',
  'password.show': 'Mostrar contraseña',
  'password.hide': 'Ocultar contraseña',
  'password.continue': 'Continuar',
  'password.forgot': 'He olvidado mi contraseña',
  'password.useEmailLink': 'Prefiero recibir un enlace de inicio de sesión por correo',
  'password.useEmailCode': 'Prefiero recibir un código de inicio de sesión por correo',
  'password.checking': 'Comprobando la seguridad de la contraseña…',
  'password.strengthLabel': 'Seguridad de la contraseña',
  'password.strengthValue': '{score} de 4',
  'password.ludsLength.one': 'Debe tener al menos {count} carácter',
  'password.ludsLength.other': 'Debe tener al menos {count} caracteres',
  'password.ludsComplexity': 'Debe contener {count} de los siguientes: mayúscula, minúscula, número, símbolo',
  'password.breached':
    'Es posible que esta contraseña se haya usado en otro sitio que sufrió un problema de seguridad. Elige otra contraseña.',
  'password.zxcvbn.addWord': 'Añade una o dos palabras más. Las palabras poco comunes son mejores.',
  'password.zxcvbn.avoidRepeats': 'Evita repetir palabras y caracteres',
  'password.zxcvbn.avoidSequences': 'Evita las secuencias',
  'password.zxcvbn.avoidRecentYears': 'Evita los años recientes',
  'password.zxcvbn.avoidYearsOfYou': 'Evita los años relacionados contigo',
  'password.zxcvbn.avoidDates': 'Evita las fechas y los años relacionados contigo',
  'password.zxcvbn.longerKeyboardPattern': 'Usa un patrón de teclado más largo y con más giros',
  'password.zxcvbn.commonNames': 'Los nombres y apellidos comunes son fáciles de adivinar',
  'password.zxcvbn.namesAlone': 'Los nombres y apellidos por sí solos son fáciles de adivinar',
  'password.zxcvbn.top10': 'Es una de las 10 contraseñas más comunes',
  'password.zxcvbn.top100': 'Es una de las 100 contraseñas más comunes',
  'password.zxcvbn.veryCommon': 'Es una contraseña muy común',
  'password.zxcvbn.similarToCommon': 'Se parece a una contraseña muy utilizada',
  'password.zxcvbn.straightRows': 'Las filas seguidas del teclado son fáciles de adivinar',
  'password.zxcvbn.shortKeyboardPatterns': 'Los patrones de teclado cortos son fáciles de adivinar',
  'password.zxcvbn.recentYears': 'Los años recientes son fáciles de adivinar',
  'password.zxcvbn.dates': 'Las fechas suelen ser fáciles de adivinar',
  'password.zxcvbn.sequences': 'Las secuencias como abc o 6543 son fáciles de adivinar',
  'passwordForgot.title': '¿Has olvidado tu contraseña?',
  'passwordForgot.text': 'Te enviaremos un enlace para restablecer tu contraseña a {email}.',
  'passwordBreached.title': 'Restablece tu contraseña',
  'passwordBreached.text': 'La contraseña figura en la lista de contraseñas filtradas y debe restablecerse.',
  'passwordForgot.send': 'Enviar enlace de restablecimiento',
  'passwordSetNew.title': '¡Revisa tu correo!',
  'passwordSetNew.text': 'Te hemos enviado un enlace para restablecer tu contraseña a {email}.',
  'passwordDedupe.title': 'Revisa tu correo para establecer una contraseña nueva',
  'passwordDedupe.text':
    'Queremos asegurarnos de que tu cuenta está protegida y de que eres tú quien inicia sesión. Te hemos enviado un enlace de inicio de sesión a {email}.',
  'passwordReset.didNotGetIt': '¿No lo has recibido?',
  'passwordReset.resend': 'Reenviar correo',
  'passwordReset.resent': 'Correo reenviado',
};

registerTranslations('es', esPasswords);
