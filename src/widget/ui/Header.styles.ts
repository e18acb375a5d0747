// Header's styles, shared with the first paint (Header.view.ts renders it before React too).
import { css } from './css.ts';
import { v } from '../theme/theme.ts';
import { focusRing } from './styles.ts';

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

// The arrow points back, which is to the right in a right-to-left language (dir rtl on the widget's root).
export const backButton = css`
  align-self: flex-start;
  display: inline-flex;
  padding: 4px;
  margin: -4px;
  border: 0;
  border-radius: 4px;
  background: none;
  color: ${v('colorPrimary')};
  cursor: pointer;
  ${focusRing}
  &:dir(rtl) svg {
    transform: scaleX(-1);
  }
`;
