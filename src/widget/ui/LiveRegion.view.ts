// The widget's status region (LiveRegion.tsx): a polite region that names the screen the visitor moved to. It is in
// the first paint too, so a screen reader has met it before anything is said in it.
import { h, type ViewNode } from '../view/node.ts';

/** Marks the region, for tests and for hosts reading the DOM (not a styling part: it is never visible). */
export const LIVE_REGION_ATTRIBUTE = 'data-auth-login-live-region';

export function liveRegionView(spoken: string): ViewNode {
  return h(
    'div',
    { [LIVE_REGION_ATTRIBUTE]: '', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' },
    { style: 'visuallyHidden' },
    spoken,
  );
}
