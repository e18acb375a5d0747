// Strings of the crypto screens and the crypto messages of the catalogue (spec sections 2 and 8), English. Registered
// with the translator's defaults when the product's chunk loads; i18n/lazy.ts lists this table's type. Where the spec
// gives no text, the plain text chosen is recorded in docs/decisions.md ("Crypto wallets: widget").
import { registerDefaults } from '../../i18n/index.ts';
import '../../i18n/en-errors.ts';

export const enCrypto = {
  // Main (spec section 2): a button per wallet, and the rest behind 'Other wallets'
  'crypto.continueWith': 'Continue with {wallet}',
  'crypto.otherWallets': 'Other wallets',
  'crypto.wallet.metamask': 'Metamask',
  'crypto.wallet.phantom': 'Phantom',
  'crypto.wallet.coinbase': 'Coinbase',
  'crypto.wallet.binance': 'Binance',
  'crypto.wallet.vessel': 'Vessel',
  'crypto.wallet.ethereum': 'Other Ethereum wallet',
  'crypto.wallet.solana': 'Other Solana wallet',
  // Crypto Other Screen (spec section 2)
  'cryptoOther.title': 'Continue with other crypto wallet',
  // Crypto Connect and Crypto Sign Message
  'cryptoConnect.title': 'Connecting to {wallet}...',
  'cryptoConnect.text': 'Confirm the connection in your wallet.',
  'cryptoSign.title': 'Sign the message',
  'cryptoSign.text': 'Sign the message in {wallet} to log in. Signing costs nothing and sends no transaction.',
  // Crypto Setup Wallet (spec section 2)
  'cryptoSetup.title': 'Set up a new crypto wallet',
  'cryptoSetup.text': 'No {wallet} wallet was found in this browser. Install one, then come back and try again.',
  'cryptoSetup.install': 'Install {wallet}',
  // Crypto Confirmation (spec section 2: 'Success!' is success.title)
  'cryptoConfirmation.text': 'You have successfully logged in with your crypto wallet.',
  // Crypto Error and the reported messages (spec section 8)
  'crypto.errorTitle': 'Looks like there was an error!',
  'crypto.errorText':
    'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!',
  'crypto.connectFailed': 'Could not connect to wallet',
  'crypto.signFailed': 'Could not sign message',
} as const;

registerDefaults(enCrypto);
