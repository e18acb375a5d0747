// A horizontal rule with a label in the middle ('or').
import { PARTS } from '../theme/parts.ts';
import { h, type ViewNode } from '../view/node.ts';

export function dividerView(label: string): ViewNode {
  return h(
    'div',
    { part: PARTS.divider, role: 'separator', 'aria-label': label },
    { style: 'divider' },
    h('span', { 'aria-hidden': 'true' }, {}, label),
  );
}
