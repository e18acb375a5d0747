// TextInput's styles, shared with the first-paint shell (src/widget/shell/), which paints Main's email field before React.
import { css } from './css.ts';
import { v } from '../theme/theme.ts';
import { focusRing } from './styles.ts';

export const field = css`
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

export const labelStyle = css`
  font-size: 14px;
  font-weight: 700;
  color: ${v('colorPrimary')};
`;

export const input = css`
  box-sizing: border-box;
  width: 100%;
  height: ${v('buttonHeight')};
  padding: 0 12px;
  font: inherit;
  font-size: 16px;
  color: ${v('colorPrimary')};
  background-color: ${v('containerBackgroundColor')};
  border: 1px solid ${v('colorSecondary')};
  border-radius: ${v('buttonPrimaryBorderRadius')};
  ${focusRing}
  &::placeholder {
    color: ${v('colorSecondary')};
  }
  &[aria-invalid='true'] {
    border-color: ${v('colorError')};
  }
  &:disabled {
    opacity: 0.7;
  }
`;
