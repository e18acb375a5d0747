// The title is the outcome table's 'Success!': the screen loads that table itself, since no other screen of a page
// that keeps the element may have loaded it yet.
import '../../../i18n/en-outcome.ts';
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
