// Main's strings and the root's own, Spanish.
// Fetched only on a page shown in this language (with the locale index: i18n/tables.ts).
// Keys and where each text shows: en.ts.
import { registerTranslations } from './index.ts';
import type { en } from './en.ts';

export const esMain: Record<keyof typeof en, string> = {
  'main.title': 'Regístrate o inicia sesión',
  'main.logoAlt': 'Logotipo',
  'main.emailLabel': 'Correo electrónico',
  'main.emailPlaceholder': 'ejemplo@correo.com',
  'main.continue': 'Continuar',
  'main.divider': 'o',
  'main.tabsLabel': 'Método de inicio de sesión',
  'main.tabText': 'SMS',
  'main.tabWhatsApp': 'WhatsApp',
  'main.tabEmail': 'Correo',
  'main.phoneLabel': 'Número de teléfono',
  'main.countryLabel': 'País',
  'main.countryOption': '{name} (+{callingCode})',
  'main.watermark': 'Con la tecnología de auth-login',
  'common.back': 'Atrás',
  'common.loading': 'Cargando',
  'common.authenticating': 'Iniciando sesión…',
  'element.loadFailed':
    'Esta parte del formulario de inicio de sesión no se ha podido cargar. Comprueba tu conexión e inténtalo de nuevo.',
  'element.invalidJson': 'El atributo {attribute} no es un JSON válido.',
  'validation.emailInvalid': 'El formato del correo electrónico no es válido.',
  'validation.emailInvalidOtp': 'La dirección de correo electrónico no es válida.',
  'validation.phoneInvalid': 'El formato del número de teléfono no es válido. Asegúrate de que esté en formato E.164.',
  'config.emlAndEmailOtp': 'No se pueden usar a la vez EML y OTP por correo',
  'config.passkeysAlone': 'No se pueden usar las llaves de acceso solas; añade otro producto a la configuración.',
};

registerTranslations('es', esMain);
