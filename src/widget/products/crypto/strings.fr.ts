// Strings of the crypto wallet screens (wallet names are brands, kept as they are), French.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enCrypto } from './strings.ts';

export const frCrypto: Record<keyof typeof enCrypto, string> = {
  'crypto.continueWith': 'Continuer avec {wallet}',
  'crypto.otherWallets': 'Autres portefeuilles',
  'crypto.wallet.metamask': 'Metamask',
  'crypto.wallet.phantom': 'Phantom',
  'crypto.wallet.coinbase': 'Coinbase',
  'crypto.wallet.binance': 'Binance',
  'crypto.wallet.vessel': 'Vessel',
  'crypto.wallet.ethereum': 'Autre portefeuille Ethereum',
  'crypto.wallet.solana': 'Autre portefeuille Solana',
  'cryptoOther.title': 'Continuer avec un autre portefeuille crypto',
  'cryptoConnect.title': 'Connexion à {wallet}...',
  'cryptoConnect.text': 'Confirmez la connexion dans votre portefeuille.',
  'cryptoSign.title': 'Signez le message',
  'cryptoSign.text':
    'Signez le message dans {wallet} pour vous connecter. La signature est gratuite et n’envoie aucune transaction.',
  'cryptoSetup.title': 'Configurer un nouveau portefeuille crypto',
  'cryptoSetup.text':
    'Aucun portefeuille {wallet} n’a été trouvé dans ce navigateur. Installez-en un, puis revenez et réessayez.',
  'cryptoSetup.install': 'Installer {wallet}',
  'cryptoConfirmation.text': 'Vous vous êtes connecté avec votre portefeuille crypto.',
  'crypto.errorTitle': 'Une erreur s’est produite\u00a0!',
  'crypto.errorText':
    'Votre demande de connexion n’a pas pu aboutir. Utilisez la flèche de retour pour revenir à l’écran de connexion et réessayez\u00a0!',
  'crypto.connectFailed': 'Impossible de se connecter au portefeuille',
  'crypto.signFailed': 'Impossible de signer le message',
};

registerTranslations('fr', frCrypto);
