// Where the root statechart starts (its `start` state's choice), worked out without XState: the root reads it into its
// context, and the first-paint shell (src/widget/shell/) paints Main only when the root will open on Main.
import type { Product } from '../config.ts';
import { productForMode, productForUrlToken } from '../products/registry.ts';
import type { RootContext } from './types.ts';
import { tokenFrom, urlTokenFrom } from './url-token.ts';

export interface StartPoint {
  /** A magic link's or an OAuth redirect's token in the page URL: the root authenticates it first. */
  urlToken: RootContext['urlToken'];
  /** A product's token in the page URL (a password-reset link): that product opens. */
  productToken: { product: Product; token: string } | null;
  /** The product the element's `mode` or the page's query opens (passkey registration, the identity provider). */
  modeProduct: Product | null;
}

export function startPoint(mode: string | undefined, url: string | undefined): StartPoint {
  return {
    urlToken: urlTokenFrom(url),
    productToken: productForUrlToken((tokenType) => tokenFrom(url, tokenType)),
    modeProduct: productForMode(mode, url),
  };
}

/** Whether the root opens on Main (no token to check, no product opened by the mode or the URL). */
export function opensOnMain(point: StartPoint): boolean {
  return point.urlToken === null && point.productToken === null && point.modeProduct === null;
}
