// Main's single sign-on block: one 'Use single sign-on' button, which starts SSO discovery. One view for React's
// MainBlock (screens/MainBlock.tsx) and the first paint, which loads this small module alone to paint the block before
// React (only on a page whose config enables it: no consumer page loads it).
import type { BlockViewContext } from '../../shell/blocks.ts';
import { PARTS } from '../../theme/parts.ts';
import { buttonView } from '../../ui/Button.view.ts';
import type { ViewChild } from '../../view/node.ts';
import './strings.ts';

export function blockView(context: BlockViewContext): ViewChild[] {
  return [
    buttonView({
      variant: 'secondary',
      extraPart: PARTS.ssoButton,
      disabled: context.busy,
      on: { click: () => context.start({ product: 'sso', params: {} }) },
      children: [context.t('sso.useSso')],
    }),
  ];
}
