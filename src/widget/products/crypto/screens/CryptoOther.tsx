import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { Header } from '../../../ui/Header.tsx';
import type { ProductScreenProps } from '../../types.ts';
import { socialButtonCount, splitWallets } from '../config.ts';
import type { CryptoMachine } from '../machine.ts';
import { WalletButtons } from './WalletButtons.tsx';

/** Crypto Other Screen (spec section 2): the wallets Main had no room for; the back arrow returns to Main. */
export default function CryptoOther({ root, autoFocus }: ProductScreenProps<SnapshotFrom<CryptoMachine>>) {
  const { t, send } = useWidget();
  const { other } = splitWallets(socialButtonCount(root.context.config));
  return (
    <>
      <Header title={t('cryptoOther.title')} onBack={() => send({ type: 'BACK' })} focusTitle={autoFocus} />
      <WalletButtons wallets={other} disabled={false} onChoose={(wallet) => send({ type: 'CHOOSE', wallet })} />
    </>
  );
}
