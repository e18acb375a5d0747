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
