// The spinner: a rotating arc in the current text colour (1.4 s per turn). Decorative: pair it with text.
import { PARTS } from '../theme/parts.ts';
import { h, type ViewNode } from '../view/node.ts';

export function spinnerView(size = 24): ViewNode {
  const stroke = { fill: 'none', stroke: 'currentColor', 'stroke-width': '3' };
  return h(
    'svg',
    { part: PARTS.spinner, width: size, height: size, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
    { style: 'spinner' },
    h('circle', { cx: '12', cy: '12', r: '10', ...stroke, 'stroke-opacity': '0.25' }, {}),
    h('path', { d: 'M12 2a10 10 0 0 1 10 10', ...stroke, 'stroke-linecap': 'round' }, {}),
  );
}
