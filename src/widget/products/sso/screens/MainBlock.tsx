// The single sign-on product's MainBlock: its block view (block.view.ts) rendered by React. The button sends START,
// and the root starts the product's machine (machine.ts) on SSO discovery.
import { useBlockViewContext } from '../../../screens/block-view.ts';
import { toReactFragment } from '../../../view/react.ts';
import type { MainBlockProps } from '../../types.ts';
import { blockView } from '../block.view.ts';

export default function MainBlock(props: MainBlockProps) {
  return toReactFragment(blockView(useBlockViewContext(props)));
}
