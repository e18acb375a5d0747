// Tabs' styles, shared with the first-paint shell (src/widget/shell/), which paints Main's sign-in method tabs.
import { css } from './css.ts';
import { v } from '../theme/theme.ts';
import { focusRing } from './styles.ts';

export const tabList = css`
  display: flex;
  border-bottom: 1px solid ${v('colorSecondary')};
`;

export const tabStyle = css`
  flex: 1;
  min-width: 0;
  padding: 8px 4px;
  border: 0;
  border-bottom: 3px solid transparent;
  background: none;
  font: inherit;
  font-size: 16px;
  color: ${v('colorSecondary')};
  cursor: pointer;
  ${focusRing}
  &[aria-selected='true'] {
    color: ${v('colorPrimary')};
    border-bottom-color: ${v('colorPrimary')};
    font-weight: 700;
  }
`;

export const tabPanel = css`
  padding-top: 16px;
`;
