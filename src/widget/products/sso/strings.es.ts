// Strings of the single sign-on screens, Spanish.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enSso } from './strings.ts';

export const esSso: Record<keyof typeof enSso, string> = {
  'sso.useSso': 'Usar el inicio de sesión único',
  'sso.email.title': 'Escribe tu correo electrónico para continuar',
  'sso.email.label': 'Correo electrónico',
  'sso.email.continue': 'Continuar',
  'sso.connections.title': 'Selecciona una conexión para continuar',
  'sso.connections.label': 'Conexiones de inicio de sesión único de {email}',
  'sso.connections.continueWith': 'Continuar con {connection}',
  'sso.none.title': 'Lo sentimos, no hemos encontrado ninguna conexión',
  'sso.none.text':
    'No hay ninguna conexión de inicio de sesión único para {email}. Inicia sesión de otra forma o ponte en contacto con tu administrador.',
  'sso.none.tryAnother': 'Probar otro método',
};

registerTranslations('es', esSso);
