// TextInput's styles, shared with the first-paint shell (src/widget/shell/), which paints Main's email field before
// React.
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

/**
 * What the widget's text controls share (this input, the phone form's country selector and number, the passcode):
 * height, font, colours, border, focus ring and the invalid state. Each adds its own size and padding.
 */
export const fieldControl = css`
  box-sizing: border-box;
  height: ${v('buttonHeight')};
  font: inherit;
  color: ${v('colorPrimary')};
  background-color: ${v('containerBackgroundColor')};
  border: 1px solid ${v('colorSecondary')};
  border-radius: ${v('buttonPrimaryBorderRadius')};
  ${focusRing}
  &[aria-invalid='true'] {
    border-color: ${v('colorError')};
  }
`;

export const input = css`
  ${fieldControl}
  width: 100%;
  padding: 0 12px;
  font-size: 16px;
  &::placeholder {
    color: ${v('colorSecondary')};
  }
  &:disabled {
    opacity: 0.7;
  }
`;
