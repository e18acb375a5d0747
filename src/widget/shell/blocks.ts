// A product's block on Main (its buttons above the login form) as a view (view/node.ts): each product with such a
// block names a small lazy module (its record's `blockView`, e.g. products/oauth/block.view.ts). React's MainBlock
// renders it, and so does the first paint before React has loaded; there a pressed button is held, and the element
// sends its START to the statechart at the hand-over.
import type { AuthClient } from '../../client/types.ts';
import type { Product, ResolvedConfig } from '../config.ts';
import type { Translate } from '../i18n/index.ts';
import type { ViewChild } from '../view/node.ts';

/** What a pressed block button asks the root for (its START event's fields). */
export interface HeldStart {
  product: Product;
  params: unknown;
}

export interface BlockViewContext {
  config: ResolvedConfig;
  t: Translate;
  /** Main is waiting for a product (a flow started, or a press held): the buttons are disabled. */
  busy: boolean;
  /** The element's headless client (a block may show what it knows: the provider used last), once made. */
  client: AuthClient | undefined;
  /** Whether Main shows its divider between the blocks and a login form, and whether it shows a login form. */
  divided: boolean;
  hasForm: boolean;
  /** An id for the block's `name`d node, unique in the widget. */
  id(name: string): string;
  /** A button was pressed: start its product. */
  start(start: HeldStart): void;
}

export interface BlockViewModule {
  /** The block, or nothing where the first paint shows none (Google One Tap takes its place: React renders that). */
  blockView(context: BlockViewContext): ViewChild[];
}
