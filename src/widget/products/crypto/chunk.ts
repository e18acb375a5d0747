// The crypto product's lazy chunk: its machine, Main's wallet buttons, its screens and its strings. The code that
// talks to wallets (wallet.ts) is not here: actors.ts imports it when a wallet is chosen.
import './strings.ts';
import { cryptoMachine, type CryptoScreen } from './machine.ts';
import CryptoConfirmation from './screens/CryptoConfirmation.tsx';
import CryptoConnect from './screens/CryptoConnect.tsx';
import CryptoError from './screens/CryptoError.tsx';
import CryptoOther from './screens/CryptoOther.tsx';
import CryptoSetupWallet from './screens/CryptoSetupWallet.tsx';
import CryptoSignMessage from './screens/CryptoSignMessage.tsx';
import MainBlock from './screens/MainBlock.tsx';
import type { ProductModule } from '../types.ts';

export default {
  machine: cryptoMachine,
  screens: { CryptoOther, CryptoConnect, CryptoSignMessage, CryptoSetupWallet, CryptoError, CryptoConfirmation },
  MainBlock,
} satisfies ProductModule<CryptoScreen>;
