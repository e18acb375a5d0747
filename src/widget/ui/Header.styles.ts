// Header's styles, shared with the first-paint shell (src/widget/shell/), which paints Main's header before React.
import { css } from './css.ts';
import { v } from '../theme/theme.ts';

export const header = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

export const title = css`
  margin: 0;
  font-size: 24px;
  font-weight: 600;
  line-height: 1.25;
  color: ${v('colorPrimary')};
  &:focus {
    outline: none;
  }
`;
