import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Header } from '../../../ui/Header.tsx';
import { focusRing, text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import { installLinkOf } from '../install.ts';
import type { CryptoMachine } from '../machine.ts';

/**
 * Crypto Setup Wallet (spec section 2): the chosen wallet is not in this browser; a link to install it (for a wallet
 * without a known download page, a wallet of its chain: install.ts). The back arrow returns to Main.
 */
export default function CryptoSetupWallet({ state, autoFocus }: ProductScreenProps<SnapshotFrom<CryptoMachine>>) {
  const { t, send } = useWidget();
  const option = state.context.walletOption;
  const link = installLinkOf(option);
  return (
    <>
      <Header title={t('cryptoSetup.title')} onBack={() => send({ type: 'BACK' })} focusTitle={autoFocus} />
      <p part={PARTS.text} css={text}>
        {t('cryptoSetup.text', { wallet: t(`crypto.wallet.${option}`) })}
      </p>
      <a part={PARTS.link} css={focusRing} href={link.href} target="_blank" rel="noopener">
        {t('cryptoSetup.install', { wallet: t(`crypto.wallet.${link.wallet}`) })}
      </a>
    </>
  );
}
