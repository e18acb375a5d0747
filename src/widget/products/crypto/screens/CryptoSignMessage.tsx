import type { SnapshotFrom } from 'xstate';
import { useWidget } from '../../../context.ts';
import { PARTS } from '../../../theme/parts.ts';
import { Header } from '../../../ui/Header.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';
import type { CryptoMachine } from '../machine.ts';

/** Crypto Sign Message (spec sections 2 and 4): while the wallet asks the visitor to sign and the service checks it. */
export default function CryptoSignMessage({ state, autoFocus }: ProductScreenProps<SnapshotFrom<CryptoMachine>>) {
  const { t } = useWidget();
  const wallet = t(`crypto.wallet.${state.context.walletOption}`);
  return (
    <>
      <Header title={t('cryptoSign.title')} focusTitle={autoFocus} />
      <p part={PARTS.text} css={text} role="status">
        {t('cryptoSign.text', { wallet })}
      </p>
      <Spinner />
    </>
  );
}
