// The `::part()` names of the widget, in one table. Each is documented (@csspart) on the element; a component sets
// `part={PARTS.x}` and never spells a part name itself.
export const PARTS = {
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
  /** The bar that fills while a passcode is verified. */
  progressBar: 'progress-bar',
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
  /** The password's show/hide toggle. */
  passwordToggle: 'password-toggle',
  /** The four-bar zxcvbn strength meter; each bar also has `strength-bar`. */
  strengthMeter: 'strength-meter',
  strengthBar: 'strength-bar',
  /** A short confirmation that appears and goes ('Email resent'). */
  toast: 'toast',
  /** The column of social sign-in buttons on Main. */
  socialButtons: 'social-buttons',
  /** A 'Continue with <Provider>' button (with `button` and `button-secondary`). */
  oauthButton: 'oauth-button',
  /** The provider's icon inside a social sign-in button. */
  providerIcon: 'provider-icon',
  /** The 'Last used' label above the provider used last on this device. */
  lastUsed: 'last-used',
  /** The area an embedded Google One Tap prompt renders in. */
  oneTap: 'one-tap',
  /** Main's passkey sign-in button. */
  passkeyButton: 'passkey-button',
  /** One passkey in the list of Passkey Registration Success (`data-state`: viewing, editing, deleting). */
  passkeyRow: 'passkey-row',
  /** The column of crypto wallet buttons on Main, and the list of the Crypto Other Screen. */
  cryptoButtons: 'crypto-buttons',
  /** A 'Continue with <Wallet>' button or 'Other wallets' (with `button` and `button-secondary`). */
  cryptoButton: 'crypto-button',
  /** The product's mark under Main, when the project's bootstrap asks for it (displayWatermark). */
  watermark: 'watermark',
} as const;

export type PartName = (typeof PARTS)[keyof typeof PARTS];
