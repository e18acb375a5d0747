import { css } from '@emotion/react';
import { useWidget } from '../../../context.ts';
import { PARTS } from '../../../theme/parts.ts';
import { v } from '../../../theme/theme.ts';
import { Header } from '../../../ui/Header.tsx';
import { CheckCircleIcon } from '../../../ui/icons.tsx';
import { text } from '../../../ui/styles.ts';
import type { ProductScreenProps } from '../../types.ts';

const icon = css`
  display: flex;
  justify-content: center;
  color: ${v('colorSuccess')};
`;

/**
 * OTP Confirmation: 'Your passcode has been successfully verified.' with the check mark. The statechart fires
 * AUTHENTICATE_FLOW_COMPLETE once, on entering this screen's state.
 */
export default function OTPConfirmation({ autoFocus }: ProductScreenProps) {
  const { t } = useWidget();
  return (
    <>
      <Header title={t('success.title')} focusTitle={autoFocus} />
      <div part={PARTS.successIcon} css={icon}>
        <CheckCircleIcon />
      </div>
      <p part={PARTS.text} css={text} role="status">
        {t('otpConfirmation.text')}
      </p>
    </>
  );
}
