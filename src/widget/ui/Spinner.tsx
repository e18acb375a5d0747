import { toReact } from '../view/react.ts';
import { spinnerView } from './Spinner.view.ts';

/** A rotating arc in the current text colour (1.4 s per turn). Decorative: pair it with text for screen readers. */
export function Spinner({ size = 24 }: { size?: number }) {
  return toReact(spinnerView(size));
}
