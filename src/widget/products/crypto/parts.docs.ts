// What each of this product's `::part()` names is, for the element's manifest (custom-elements.json): the analyzer's
// plugin (scripts/cem-product-parts.mjs) finds this file by the record's folder and adds the parts after the shared
// ones. No module of the widget imports it, so the descriptions ship in no bundle; the type makes every part the
// record declares need one.
import type { CRYPTO_PARTS } from './index.ts';

export const PART_DOCS: Record<(typeof CRYPTO_PARTS)[keyof typeof CRYPTO_PARTS], string> = {
  'crypto-buttons': 'The column of crypto wallet buttons on Main, and the list of the Crypto Other Screen.',
  'crypto-button':
    "A 'Continue with <Wallet>' button or 'Other wallets' (also `button` and `button-secondary`); `data-wallet` " +
    'names the wallet.',
};
