// Divider's style, shared with the first-paint shell (src/widget/shell/).
import { css } from './css.ts';
import { v } from '../theme/theme.ts';

export const dividerStyle = css`
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
