import { css } from '@emotion/react';
import { PARTS } from '../theme/parts.ts';
import { v } from '../theme/theme.ts';

const style = css`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: 14px;
  color: ${v('colorSecondary')};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${v('colorSecondary')};
  }
`;

/** A horizontal rule with a label in the middle ('or'). */
export function Divider({ label }: { label: string }) {
  return (
    <div part={PARTS.divider} css={style} role="separator" aria-label={label}>
      <span aria-hidden="true">{label}</span>
    </div>
  );
}
