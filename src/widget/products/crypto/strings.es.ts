// Strings of the crypto wallet screens (wallet names are brands, kept as they are), Spanish.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enCrypto } from './strings.ts';

export const esCrypto: Record<keyof typeof enCrypto, string> = {
  'crypto.continueWith': 'Continuar con {wallet}',
  'crypto.otherWallets': 'Otros monederos',
  'crypto.wallet.metamask': 'Metamask',
  'crypto.wallet.phantom': 'Phantom',
  'crypto.wallet.coinbase': 'Coinbase',
  'crypto.wallet.binance': 'Binance',
  'crypto.wallet.vessel': 'Vessel',
  'crypto.wallet.ethereum': 'Otro monedero de Ethereum',
  'crypto.wallet.solana': 'Otro monedero de Solana',
  'cryptoOther.title': 'Continuar con otro monedero de criptomonedas',
  'cryptoConnect.title': 'Conectando con {wallet}...',
  'cryptoConnect.text': 'Confirma la conexión en tu monedero.',
  'cryptoSign.title': 'Firma el mensaje',
  'cryptoSign.text':
    'Firma el mensaje en {wallet} para iniciar sesión. Firmar no cuesta nada y no envía ninguna transacción.',
  'cryptoSetup.title': 'Configura un monedero de criptomonedas nuevo',
  'cryptoSetup.text':
    'No se ha encontrado ningún monedero {wallet} en este navegador. Instala uno, vuelve aquí e inténtalo de nuevo.',
  'cryptoSetup.install': 'Instalar {wallet}',
  'cryptoConfirmation.text': 'Has iniciado sesión correctamente con tu monedero de criptomonedas.',
  'crypto.errorTitle': '¡Vaya, se ha producido un error!',
  'crypto.errorText':
    'No se ha podido completar tu solicitud de inicio de sesión. Usa la flecha para volver a la pantalla de inicio de sesión e inténtalo de nuevo.',
  'crypto.connectFailed': 'No se ha podido conectar con el monedero',
  'crypto.signFailed': 'No se ha podido firmar el mensaje',
};

registerTranslations('es', esCrypto);
