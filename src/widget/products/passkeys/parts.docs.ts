// What each of this product's `::part()` names is, for the element's manifest (custom-elements.json): the analyzer's
// plugin (scripts/cem-product-parts.mjs) finds this file by the record's folder and adds the parts after the shared
// ones. No module of the widget imports it, so the descriptions ship in no bundle; the type makes every part the
// record declares need one.
import type { PASSKEY_PARTS } from './index.ts';

export const PART_DOCS: Record<(typeof PASSKEY_PARTS)[keyof typeof PASSKEY_PARTS], string> = {
  'passkey-button':
    "Main's passkey sign-in button (also `button` and `button-secondary`), shown when passkeys are enabled and the " +
    "form cannot offer them in the email field's autofill.",
  'passkey-row':
    'One passkey in the list of Passkey Registration Success; `data-state` is `viewing`, `editing` or `deleting`.',
};
