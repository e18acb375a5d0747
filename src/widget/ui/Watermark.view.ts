// The product's mark under Main (spec section 9: shown when the bootstrap's displayWatermark is true, which is
// `!disable_sdk_watermark`). Plain text: a mark that linked out would take visitors away from the sign-in.
import { PARTS } from '../theme/parts.ts';
import { h, type ViewNode } from '../view/node.ts';

export function watermarkView(label: string): ViewNode {
  return h('p', { part: PARTS.watermark }, { style: 'watermark' }, label);
}
