import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { slot } from '../view/node.ts';
import { toReact } from '../view/react.ts';
import { buttonView } from './Button.view.ts';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary';
  /** Shows a spinner and disables the button while a request runs. */
  busy?: boolean;
  /** More `::part()` names, after `button` and its variant's. */
  extraPart?: string;
  children: ReactNode;
}

/** Button.view.ts rendered by React: the first paint renders the same view. */
export function Button({ variant, busy, type, disabled, extraPart, children, onClick, ...rest }: ButtonProps) {
  return toReact(
    buttonView({
      variant,
      busy,
      type: type === 'submit' ? 'submit' : 'button',
      disabled,
      extraPart,
      attributes: rest,
      on: onClick && { click: onClick as () => void },
      children: [slot(children)],
    }),
  );
}
