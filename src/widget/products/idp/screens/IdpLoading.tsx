import { css } from '@emotion/react';
import { useWidget } from '../../../context.ts';
import { v } from '../../../theme/theme.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { visuallyHidden } from '../../../ui/styles.ts';

const style = css`
  display: flex;
  justify-content: center;
  padding: 24px 0;
  color: ${v('colorPrimary')};
`;

/** While a call runs, or while the page leaves for the app: a spinner with a spoken label. */
export default function IdpLoading() {
  const { t } = useWidget();
  return (
    <div css={style} role="status">
      <Spinner size={40} />
      <span css={visuallyHidden}>{t('consent.working')}</span>
    </div>
  );
}
