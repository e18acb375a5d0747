// The `::part()` names of the widget, in one table: the shared ones here, each product's own from its folder
// (products/<name>/index.ts, beside its record) through the registry. Each is documented: the shared ones (@csspart)
// on the element, a product's in its docs.ts (added to custom-elements.json by scripts/cem-product-docs.mjs);
// a component sets `part={PARTS.x}` and never spells a part name itself.
import { PRODUCT_PARTS, type ProductParts } from '../products/registry.ts';

const SHARED_PARTS = {
  /** The widget's box. */
  container: 'container',
  /** The row above a screen's content: back arrow, logo, title. */
  header: 'header',
  /** A screen's title. */
  title: 'title',
  /** The logo image (theme.logo.logoImageUrl). */
  logo: 'logo',
  /** The back arrow button. */
  backButton: 'back-button',
  /** A form. */
  form: 'form',
  /** A field's label. */
  label: 'label',
  /** A text input (also the phone number and the passcode). */
  input: 'input',
  /** The country selector of the phone input. */
  select: 'select',
  /** The row of sign-in method tabs (Text, WhatsApp, Email). */
  tabList: 'tab-list',
  /** One tab; the selected one also has `tab-selected`. */
  tab: 'tab',
  /** The selected tab (with `tab`). */
  tabSelected: 'tab-selected',
  /** The content of the selected tab. */
  tabPanel: 'tab-panel',
  /** The passcode input of OTP Authenticate (with `input`). */
  passcodeInput: 'passcode-input',
  /** Every button. */
  button: 'button',
  /** The primary buttons (with `button`). */
  buttonPrimary: 'button-primary',
  /** The secondary buttons (with `button`). */
  buttonSecondary: 'button-secondary',
  /** An inline error message (field or configuration error). */
  error: 'error',
  /** A link (web-mail shortcuts). */
  link: 'link',
  /** Body text of a screen. */
  text: 'text',
  /** The divider between sign-in methods. */
  divider: 'divider',
  /** The loading spinner. */
  spinner: 'spinner',
  /** The check-mark graphic of the success screen. */
  successIcon: 'success-icon',
  /** A short confirmation that appears and goes ('Email resent'). */
  toast: 'toast',
  /** The product's mark under Main, when the project's bootstrap asks for it (displayWatermark). */
  watermark: 'watermark',
} as const;

/** Every `::part()` name, by role: the shared ones and every product's. */
export type Parts = typeof SHARED_PARTS & ProductParts;
// The registry's own object, so that the organization products' parts join it when they are registered.
export const PARTS: Parts = Object.assign(PRODUCT_PARTS, SHARED_PARTS);

export type PartName = Parts[keyof Parts];
