// Strings of the consent and logout screens, Spanish.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enIdp } from './strings.ts';

export const esIdp: Record<keyof typeof enIdp, string> = {
  'consent.title': '{clientName} quiere acceder a tu cuenta de {project}',
  'consent.logoAlt': 'Logotipo de {clientName}',
  'consent.allowsTo': 'Esto permitirá a {clientName}:',
  'consent.allow': 'Permitir',
  'consent.deny': 'Denegar',
  'consent.cannotGrant': 'No puedes conceder a {clientName} lo que solicita:',
  'consent.noPermission': 'No tienes permisos para conceder a {client} acceso a algunos de los ámbitos solicitados.',
  'consent.scope.openid': 'Confirmar tu identidad',
  'consent.scope.profile': 'Ver tu nombre y tu foto de perfil',
  'consent.scope.email': 'Ver tu dirección de correo electrónico',
  'consent.scope.phone': 'Ver tu número de teléfono',
  'consent.scope.full_access': 'Actuar en tu nombre con acceso completo a tu cuenta',
  'consent.scope.offline_access': 'Mantener el acceso a tu cuenta mientras no estés',
  'consent.scope.custom': 'Usar el permiso «{scope}»',
  'logout.title': '¿Seguro que quieres cerrar sesión en tu cuenta de {project}?',
  'logout.yes': 'Sí',
  'logout.no': 'No',
  'logout.notLoggedOut': 'No se ha cerrado tu sesión. Puedes cerrar esta página.',
  'consent.working': 'Espera un momento...',
};

registerTranslations('es', esIdp);
