// The title is the outcome table's 'Success!': the screen loads that table itself, since no other screen of a page
// that keeps the element may have loaded it yet.
import '../../../i18n/en-outcome.ts';
import { useWidget } from '../../../context.ts';
import { Confirmation } from '../../../ui/Confirmation.tsx';
import type { ProductScreenProps } from '../../types.ts';

/**
 * Passkey Confirmation (spec sections 2 and 4): 'Success!' after a passkey sign-in, by the button or the email
 * field's autofill. The statechart fires PASSKEY_AUTHENTICATE and AUTHENTICATE_FLOW_COMPLETE once, on entering it.
 */
export default function PasskeyConfirmation({ autoFocus }: ProductScreenProps) {
  const { t } = useWidget();
  return (
    <Confirmation title={t('success.title')} text={t('passkeyConfirmation.text')} focusTitle={autoFocus} announce />
  );
}
