// Strings of the organization login screens, Spanish.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enOrganizationLogin } from './strings.ts';

export const esOrganizationLogin: Record<keyof typeof enOrganizationLogin, string> = {
  'organizationLogin.title': 'Continuar a {organizationName}',
  'organizationLogin.titleUnknown': 'Continuar a ...',
  'organizationLogin.email.label': 'Correo electrónico',
  'organizationLogin.email.continue': 'Continuar',
  'organizationLogin.divider': 'o',
  'organizationLogin.connections.label': 'Conexiones de inicio de sesión único de {organizationName}',
  'organizationLogin.continueWith': 'Continuar con {connection}',
  'organizationLogin.checkEmail.title': 'Revisa tu correo',
  'organizationLogin.checkEmail.text': 'Hemos enviado un correo electrónico a {email}.',
  'organizationLogin.checkEmail.tryAgain': 'Probar con otra dirección de correo',
  'organizationLogin.notFound':
    'No se ha encontrado la organización que buscas. Si crees que es un error, ponte en contacto con tu administrador.',
};

registerTranslations('es', esOrganizationLogin);
