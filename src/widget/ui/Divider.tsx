import { toReact } from '../view/react.ts';
import { dividerView } from './Divider.view.ts';

/** A horizontal rule with a label in the middle ('or'): Divider.view.ts rendered by React. */
export function Divider({ label }: { label: string }) {
  return toReact(dividerView(label));
}
