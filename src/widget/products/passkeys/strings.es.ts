// Strings of the passkey screens, Spanish.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enPasskeys } from './strings.ts';

export const esPasskeys: Record<keyof typeof enPasskeys, string> = {
  'passkey.button': 'Continuar con llave de acceso',
  'passkeyRegister.title': 'Configura una llave de acceso nueva',
  'passkeyRegister.text':
    'La próxima vez, inicia sesión con tu cara, tu huella digital o el PIN del dispositivo en lugar de un código o un enlace.',
  'passkeyRegister.create': 'Crear una llave de acceso',
  'passkeyRegister.skip': 'Omitir',
  'passkeySuccess.title': 'Tus llaves de acceso',
  'passkeySuccess.loading': 'Cargando tus llaves de acceso...',
  'passkeySuccess.empty': 'Todavía no tienes llaves de acceso.',
  'passkeySuccess.another': 'Configurar otra llave de acceso',
  'passkeySuccess.done': 'Listo',
  'passkeySuccess.rename': 'Cambiar nombre',
  'passkeySuccess.renameLabel': 'Nombre de la llave de acceso',
  'passkeySuccess.save': 'Guardar',
  'passkeySuccess.cancel': 'Cancelar',
  'passkeySuccess.delete': 'Eliminar',
  'passkeySuccess.confirmDelete': '¿Eliminar la llave de acceso {name}?',
  'passkeyConfirmation.text': 'Has iniciado sesión correctamente con tu llave de acceso.',
  'passkey.unknownError':
    'Se ha producido un error desconocido al autenticar con la llave de acceso. Inténtalo de nuevo.',
  'passkey.duplicate':
    'No se puede crear la llave de acceso porque parece que ya está registrada. Es posible que se registrara en otro dispositivo y se haya sincronizado entre dispositivos.',
  'passkey.notCreated':
    'No se ha creado tu llave de acceso. Haz clic en «Crear una llave de acceso» para volver a intentarlo u omite este paso sin añadirla.',
  'passkey.noActiveUser': 'Error: no se puede usar el componente PasskeyRegistration sin un usuario autenticado.',
};

registerTranslations('es', esPasskeys);
