import { css } from '@emotion/react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { PARTS } from '../theme/parts.ts';
import { v } from '../theme/theme.ts';
import { Spinner } from './Spinner.tsx';
import { focusRing } from './styles.ts';

const base = css`
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

const variants = {
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
const disabledStyle = css`
  &:disabled:not([aria-busy='true']) {
    background-color: ${v('buttonDisabledBackgroundColor')};
    color: ${v('buttonDisabledTextColor')};
    border-color: ${v('buttonDisabledBorderColor')};
    border-radius: ${v('buttonDisabledBorderRadius')};
  }
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary';
  /** Shows a spinner and disables the button while a request runs. */
  busy?: boolean;
  /** More `::part()` names, after `button` and its variant's. */
  extraPart?: string;
  children: ReactNode;
}

export function Button({ variant = 'primary', busy = false, type = 'button', disabled, extraPart, children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      part={`${PARTS.button} ${variant === 'primary' ? PARTS.buttonPrimary : PARTS.buttonSecondary}${extraPart ? ` ${extraPart}` : ''}`}
      css={[base, variants[variant], disabledStyle]}
      disabled={disabled || busy}
      aria-busy={busy}
    >
      {busy && <Spinner size={20} />}
      {children}
    </button>
  );
}
