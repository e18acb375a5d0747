// What each of this product's `::part()` names is, for the element's manifest (custom-elements.json): the analyzer's
// plugin (scripts/cem-product-parts.mjs) finds this file by the record's folder and adds the parts after the shared
// ones. No module of the widget imports it, so the descriptions ship in no bundle; the type makes every part the
// record declares need one.
import type { OTP_PARTS } from './index.ts';

export const PART_DOCS: Record<(typeof OTP_PARTS)[keyof typeof OTP_PARTS], string> = {
  'progress-bar': 'The bar that fills while a passcode is verified.',
};
