// A screen's header: the back arrow (when there is a step back), the theme's logo (Main), the title.
import { PARTS } from '../theme/parts.ts';
import { h, type ViewNode, type ViewOptions } from '../view/node.ts';

export interface HeaderView {
  title: string;
  /** The back arrow's accessible name and action; no arrow without it. */
  back?: { label: string; on: ViewOptions['on'] } | undefined;
  logo?: { url: string; alt: string } | undefined;
  /** Leaves the title out (theme.hideHeaderText). */
  hideTitle: boolean;
  headerRef?: ViewOptions['ref'];
  titleRef?: ViewOptions['ref'];
}

/** The back arrow, pointing left (right in a right-to-left language: its style flips it). */
function arrowLeft(): ViewNode {
  return h(
    'svg',
    { width: 24, height: 24, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
    {},
    h('path', { d: 'M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z', fill: 'currentColor' }, {}),
  );
}

export function headerView({ title, back, logo, hideTitle, headerRef, titleRef }: HeaderView): ViewNode {
  return h(
    'div',
    { part: PARTS.header },
    { style: 'header', ref: headerRef },
    back &&
      h(
        'button',
        { type: 'button', part: PARTS.backButton, 'aria-label': back.label },
        { style: 'backButton', on: back.on },
        arrowLeft(),
      ),
    logo && h('img', { part: PARTS.logo, src: logo.url, alt: logo.alt }, { style: 'logoImage' }),
    !hideTitle && h('h2', { part: PARTS.title, tabindex: -1 }, { style: 'title', ref: titleRef }, title),
  );
}
