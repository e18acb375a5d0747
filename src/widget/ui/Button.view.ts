// A button: primary or secondary, with `button` and its variant's part names; busy, it shows a spinner and is disabled.
import { PARTS } from '../theme/parts.ts';
import { h, type ViewAttributes, type ViewChild, type ViewNode, type ViewOptions } from '../view/node.ts';
import { spinnerView } from './Spinner.view.ts';

export interface ButtonView {
  variant?: 'primary' | 'secondary' | undefined;
  /** Shows a spinner and disables the button while a request runs. */
  busy?: boolean | undefined;
  type?: 'button' | 'submit' | undefined;
  disabled?: boolean | undefined;
  /** More `::part()` names, after `button` and its variant's. */
  extraPart?: string | undefined;
  attributes?: ViewAttributes;
  on?: ViewOptions['on'];
  key?: string | undefined;
  children: ViewChild[];
}

export function buttonView({
  variant = 'primary',
  busy = false,
  type = 'button',
  disabled,
  extraPart,
  attributes,
  on,
  key,
  children,
}: ButtonView): ViewNode {
  const primary = variant === 'primary';
  const part = `${PARTS.button} ${primary ? PARTS.buttonPrimary : PARTS.buttonSecondary}`;
  return h(
    'button',
    {
      ...attributes,
      type,
      part: extraPart ? `${part} ${extraPart}` : part,
      disabled: Boolean(disabled || busy),
      'aria-busy': String(busy),
    },
    { style: primary ? 'buttonPrimary' : 'buttonSecondary', on, key },
    busy && spinnerView(20),
    ...children,
  );
}
