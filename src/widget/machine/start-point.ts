// Where the root statechart starts (its `start` state's choice), worked out without XState: the root reads it into its
// context, and the first-paint shell (src/widget/shell/) paints Main only when the root will open on Main.
import type { Mode, Product, ResolvedConfig } from '../config.ts';
import { productForMode, productForUrlToken } from '../products/registry.ts';
import type { UrlToken } from './types.ts';
import { tokenFrom } from './url-token.ts';

export interface StartPoint {
  /** A redirect token in the page URL that a product's record answers: that product opens with it first. */
  urlToken: UrlToken | null;
  /** The product the element's `mode`, the page's query or the config opens (first, or after the token's product). */
  modeProduct: Product | null;
}

export function startPoint(mode: Mode | undefined, url: string | undefined, config?: ResolvedConfig): StartPoint {
  return {
    urlToken: productForUrlToken((tokenType) => tokenFrom(url, tokenType)),
    modeProduct: productForMode(mode, url, config),
  };
}

/** Whether the root opens on Main (no product opened by a token, the mode, the query or the config). */
export function opensOnMain(point: StartPoint): boolean {
  return point.urlToken === null && point.modeProduct === null;
}
