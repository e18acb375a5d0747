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
 * Passkey Confirmation (spec sections 2 and 4): 'Success!' after a passkey sign-in, by the button or the email
 * field's autofill. The statechart fires PASSKEY_AUTHENTICATE and AUTHENTICATE_FLOW_COMPLETE once, on entering it.
 */
export default function PasskeyConfirmation({ autoFocus }: ProductScreenProps) {
  const { t } = useWidget();
  return (
    <>
      <Header title={t('success.title')} focusTitle={autoFocus} />
      <div part={PARTS.successIcon} css={icon}>
        <CheckCircleIcon />
      </div>
      <p part={PARTS.text} css={text} role="status">
        {t('passkeyConfirmation.text')}
      </p>
    </>
  );
}
