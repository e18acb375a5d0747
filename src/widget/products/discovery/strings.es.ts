// Strings of the organization discovery screens, Spanish.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enDiscovery } from './strings.ts';

export const esDiscovery: Record<keyof typeof enDiscovery, string> = {
  'discovery.checkEmail.title': 'Revisa tu correo',
  'discovery.checkEmail.text': 'Hemos enviado un correo electrónico a {email}.',
  'discovery.checkEmail.tryAgain': 'Probar con otra dirección de correo',
  'discovery.title': 'Selecciona una organización para continuar',
  'discovery.listLabel': 'Organizaciones de {email}',
  'discovery.join': 'Unirse',
  'discovery.acceptInvite': 'Aceptar la invitación',
  'discovery.joining': 'Iniciando sesión en {organization}…',
  'discovery.createOrganization': 'Crear una organización',
  'discovery.tryAgain': 'Probar con otra dirección de correo',
  'discovery.authPolicy':
    'No puedes unirte por la política de autenticación de {organization}. Ponte en contacto con tu administrador para obtener más información.',
  'discovery.none.title': '{email} no pertenece a ninguna organización.',
  'discovery.none.text':
    'Comprueba que tu dirección de correo es correcta. Si lo es, puede que tu administrador tenga que invitarte.',
  'discovery.noneCreate.title': 'Crea una organización para empezar',
  'discovery.noneCreate.text':
    '{email} no tiene cuenta. ¿Crees que es un error? Prueba con otra dirección de correo o ponte en contacto con tu administrador.',
  'discovery.create.title': 'Crear una organización',
  'discovery.create.nameLabel': 'Nombre de la organización',
  'discovery.create.slugLabel': 'Identificador de la organización',
  'discovery.create.slugHint': 'Minúsculas, dígitos y - . _ ~ (la dirección de su página de inicio de sesión).',
  'discovery.create.submit': 'Crear la organización',
  'discovery.create.nameRequired': 'Escribe el nombre de la organización.',
  'discovery.create.slugInvalid': 'El formato del identificador no es válido.',
};

registerTranslations('es', esDiscovery);
