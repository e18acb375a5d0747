// What each of this product's `::part()` names is, for the element's manifest (custom-elements.json): the analyzer's
// plugin (scripts/cem-product-parts.mjs) finds this file by the record's folder and adds the parts after the shared
// ones. No module of the widget imports it, so the descriptions ship in no bundle; the type makes every part the
// record declares need one.
import type { OAUTH_PARTS } from './index.ts';

export const PART_DOCS: Record<(typeof OAUTH_PARTS)[keyof typeof OAUTH_PARTS], string> = {
  'social-buttons': 'The column of social sign-in buttons on Main.',
  'oauth-button':
    "A 'Continue with <Provider>' button (also `button` and `button-secondary`); `data-provider` names the provider.",
  'provider-icon': "The provider's icon inside a social sign-in button.",
  'last-used': "The 'Last used' label above the provider used last on this device.",
  'one-tap': 'The area an embedded Google One Tap prompt renders in (47 px reserved while it loads).',
};
