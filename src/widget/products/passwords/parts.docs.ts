// What each of this product's `::part()` names is, for the element's manifest (custom-elements.json): the analyzer's
// plugin (scripts/cem-product-parts.mjs) finds this file by the record's folder and adds the parts after the shared
// ones. No module of the widget imports it, so the descriptions ship in no bundle; the type makes every part the
// record declares need one.
import type { PASSWORD_PARTS } from './index.ts';

export const PART_DOCS: Record<(typeof PASSWORD_PARTS)[keyof typeof PASSWORD_PARTS], string> = {
  'password-toggle': "The password's show/hide toggle.",
  'strength-meter': 'The four-bar password strength meter (zxcvbn policy).',
  'strength-bar': 'One bar of the strength meter; a lit bar has `data-filled="error"` (red) or `"success"` (green).',
};
