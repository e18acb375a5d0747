// A product's block on Main (its buttons above the login form) as the first-paint shell paints it: each product with
// such a block may name a small lazy module (its record's `shellBlock`, e.g. products/oauth/shell-block.ts) that
// builds the block's DOM with React's styles. A button pressed before React is there is held: the shell shows the
// form busy, and the element sends the button's START to the statechart at the hand-over.
import type { AuthClient } from '../../client/types.ts';
import type { Product, ResolvedConfig } from '../config.ts';
import type { Translate } from '../i18n/index.ts';
import type { ShellStyle } from './style-sources.ts';

/** What a pressed block button asks the root for (its START event's fields). */
export interface HeldStart {
  product: Product;
  params: unknown;
}

export interface ShellBlockContext {
  config: ResolvedConfig;
  t: Translate;
  /** The class name React's `css` prop gives the style (its rules are in the shell's stylesheet: style-sources.ts). */
  cls(style: ShellStyle): string;
  /** The element's headless client (the last-used social provider). */
  client(): AuthClient | undefined;
  /**
   * A secondary button as React's Button renders it (`button button-secondary <extraPart>`); pressing it holds `start`.
   */
  button(options: {
    extraPart: string;
    data?: Record<string, string>;
    content: (Node | string)[];
    start: HeldStart;
  }): HTMLButtonElement;
}

export interface ShellBlockModule {
  /** The block as React's MainBlock renders it, or null when React renders none there (Google One Tap instead). */
  paintBlock(context: ShellBlockContext): HTMLElement | null;
}
