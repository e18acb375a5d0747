// Button's styles, shared with the first-paint shell (src/widget/shell/), which paints Main's Continue before React.
import { css } from './css.ts';
import { v } from '../theme/theme.ts';
import { focusRing } from './styles.ts';

export const base = css`
  box-sizing: border-box;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  width: 100%;
  height: ${v('buttonHeight')};
  padding: 0 16px;
  border: 1px solid;
  font: inherit;
  font-size: 16px;
  font-weight: 700;
  cursor: pointer;
  ${focusRing}
  &:disabled {
    cursor: default;
  }
`;

export const variants = {
  primary: css`
    background-color: ${v('buttonPrimaryBackgroundColor')};
    color: ${v('buttonPrimaryTextColor')};
    border-color: ${v('buttonPrimaryBorderColor')};
    border-radius: ${v('buttonPrimaryBorderRadius')};
  `,
  secondary: css`
    background-color: ${v('buttonSecondaryBackgroundColor')};
    color: ${v('buttonSecondaryTextColor')};
    border-color: ${v('buttonSecondaryBorderColor')};
    border-radius: ${v('buttonSecondaryBorderRadius')};
  `,
};

/** Disabled (and not busy): the disabled colours of the theme. A busy button keeps its colours and shows a spinner. */
export const disabledStyle = css`
  &:disabled:not([aria-busy='true']) {
    background-color: ${v('buttonDisabledBackgroundColor')};
    color: ${v('buttonDisabledTextColor')};
    border-color: ${v('buttonDisabledBorderColor')};
    border-radius: ${v('buttonDisabledBorderRadius')};
  }
`;

/** A button's styles for its variant, in the order the `css` prop merges them (one class name per variant). */
export const buttonStyles = (variant: keyof typeof variants) => [base, variants[variant], disabledStyle];
