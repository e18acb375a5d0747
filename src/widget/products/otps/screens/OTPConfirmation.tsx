// The title is the outcome table's 'Success!': the screen loads that table itself, as Success does, since no other
// screen of a page that keeps the element may have loaded it yet.
import '../../../i18n/en-outcome.ts';
import { useWidget } from '../../../context.ts';
import { Confirmation } from '../../../ui/Confirmation.tsx';
import type { ProductScreenProps } from '../../types.ts';

/**
 * OTP Confirmation: 'Your passcode has been successfully verified.' with the check mark. The statechart fires
 * AUTHENTICATE_FLOW_COMPLETE once, on entering this screen's state.
 */
export default function OTPConfirmation({ autoFocus }: ProductScreenProps) {
  const { t } = useWidget();
  return <Confirmation title={t('success.title')} text={t('otpConfirmation.text')} focusTitle={autoFocus} announce />;
}
