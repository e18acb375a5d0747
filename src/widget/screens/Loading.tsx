import { css } from '@emotion/react';
import { useWidget } from '../context.ts';
import type { MessageKey } from '../i18n/en.ts';
import { v } from '../theme/theme.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { visuallyHidden } from '../ui/styles.ts';

const style = css`
  display: flex;
  justify-content: center;
  padding: 24px 0;
  color: ${v('colorPrimary')};
`;

/** A centred spinner with a spoken label: the token check at start, and the fallback while a screen's code loads. */
export function Loading({ label = 'common.loading' }: { label?: MessageKey }) {
  const { t } = useWidget();
  return (
    <div css={style} role="status">
      <Spinner size={40} />
      <span css={visuallyHidden}>{t(label)}</span>
    </div>
  );
}

export default function LoadingScreen() {
  return <Loading label="common.authenticating" />;
}
