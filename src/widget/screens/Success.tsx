import '../i18n/en-outcome.ts';
import { css } from '@emotion/react';
import { useWidget } from '../context.ts';
import { PARTS } from '../theme/parts.ts';
import { v } from '../theme/theme.ts';
import { Header } from '../ui/Header.tsx';
import { CheckCircleIcon } from '../ui/icons.tsx';
import { text } from '../ui/styles.ts';
import type { RootScreenProps } from './types.ts';

const icon = css`
  display: flex;
  justify-content: center;
  color: ${v('colorSuccess')};
`;

/** The generic success screen: 'Success!', 'You have successfully logged in.' and a check mark. */
export default function Success({ autoFocus }: RootScreenProps) {
  const { t } = useWidget();
  return (
    <>
      <Header title={t('success.title')} focusTitle={autoFocus} />
      <div part={PARTS.successIcon} css={icon}>
        <CheckCircleIcon />
      </div>
      <p part={PARTS.text} css={text}>
        {t('success.text')}
      </p>
    </>
  );
}
