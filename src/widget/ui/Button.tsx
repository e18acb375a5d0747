import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { PARTS } from '../theme/parts.ts';
import { Spinner } from './Spinner.tsx';
import { buttonStyles } from './Button.styles.ts';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary';
  /** Shows a spinner and disables the button while a request runs. */
  busy?: boolean;
  /** More `::part()` names, after `button` and its variant's. */
  extraPart?: string;
  children: ReactNode;
}

export function Button({
  variant = 'primary',
  busy = false,
  type = 'button',
  disabled,
  extraPart,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      part={
        `${PARTS.button} ` +
        `${variant === 'primary' ? PARTS.buttonPrimary : PARTS.buttonSecondary}${extraPart ? ` ${extraPart}` : ''}`
      }
      css={buttonStyles(variant)}
      disabled={disabled || busy}
      aria-busy={busy}
    >
      {busy && <Spinner size={20} />}
      {children}
    </button>
  );
}
