import { useWidget } from '../../../context.ts';
import { Confirmation } from '../../../ui/Confirmation.tsx';
import type { ProductScreenProps } from '../../types.ts';

/**
 * Crypto Confirmation (spec sections 2 and 4): 'Success!' after a wallet sign-in. The statechart fires
 * CRYPTO_WALLET_AUTHENTICATE and AUTHENTICATE_FLOW_COMPLETE once, on the way in.
 */
export default function CryptoConfirmation({ autoFocus }: ProductScreenProps) {
  const { t } = useWidget();
  return (
    <Confirmation title={t('success.title')} text={t('cryptoConfirmation.text')} focusTitle={autoFocus} announce />
  );
}
