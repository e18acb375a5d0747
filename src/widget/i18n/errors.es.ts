// The error catalogue, Spanish.
// Fetched only on a page shown in this language (with the locale index: i18n/tables.ts).
// Keys and where each text shows: en-errors.ts.
import { registerTranslations } from './index.ts';
import type { enErrors } from './en-errors.ts';

export const esErrors: Record<keyof typeof enErrors, string> = {
  'errors.invalid_email': 'El formato del correo electrónico no es válido.',
  'errors.invalid_phone_number':
    'El formato del número de teléfono no es válido. Asegúrate de que esté en formato E.164.',
  'errors.unsubscribed_phone_number':
    "Este número de teléfono se ha dado de baja de nuestros mensajes. Envía 'START' a este número para volver a suscribirte e inténtalo de nuevo.",
  'errors.inactive_email':
    'Esta dirección de correo electrónico se ha marcado como inactiva. Prueba con otra dirección o, si crees que se trata de un error, ponte en contacto con tu administrador.',
  'errors.unauthorized_credentials': 'Credenciales no autorizadas.',
  'errors.user_unauthenticated': 'Debes tener una sesión activa para llamar a este método. ¿Has iniciado sesión?',
  'errors.email_not_found': 'No se ha encontrado el correo electrónico.',
  'errors.unable_to_auth_magic_link':
    'Este enlace de inicio de sesión ya se ha utilizado o ha caducado. Solicita un enlace nuevo e inténtalo de nuevo.',
  'errors.no_user_password': 'No se ha encontrado ninguna contraseña para este usuario. Inténtalo de nuevo.',
  'errors.breached_password': 'La contraseña figura en la lista de contraseñas filtradas y debe restablecerse.',
  'errors.reset_password': 'Debes restablecer la contraseña.',
  'errors.oauth_token_not_found': 'No se ha encontrado el token de OAuth.',
  'errors.invalid_code': 'El formato del código no es válido. Inténtalo de nuevo.',
  'errors.member_password_not_found': 'No se ha encontrado la contraseña del miembro.',
  'errors.oauth_flow_callback_error': 'Algo ha fallado al completar el inicio de sesión. Inténtalo de nuevo.',
  'errors.unauthorized_action': 'Acción no autorizada.',
  'errors.user_lock_limit_reached': 'Demasiados intentos de autenticación fallidos. Inténtalo de nuevo más tarde.',
  'errors.invalid_session_token': 'El token de sesión no es válido.',
  'errors.session_not_found': 'No se ha encontrado la sesión.',
  'errors.invalid_phone_number_country_code':
    'El código de país del número de teléfono no es válido, no está admitido o no está habilitado para este proyecto.',
  'errors.otp_code_not_found': 'El código no es válido. Inténtalo de nuevo.',
  'errors.duplicate_member_phone_number': 'Ya existe un miembro con este número de teléfono en esta organización.',
  'errors.webauthn_registration_not_found':
    'No se ha encontrado el registro de la llave de acceso. Es posible que la hayas eliminado de tu cuenta pero no de tu gestor de contraseñas. Inténtalo de nuevo.',
  'consent.denied': 'Se ha denegado el acceso a la aplicación.',
  'consent.missingParameter':
    'Falta un parámetro obligatorio: {name}. Ponte en contacto con el desarrollador de la aplicación.',
  'consent.noSession': 'No se ha detectado ninguna sesión activa. Inicia sesión para continuar.',
};

registerTranslations('es', esErrors);
