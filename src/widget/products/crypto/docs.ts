// What this product adds to the element's manifest (custom-elements.json): what each of its `::part()` names is
// (PART_DOCS), what each of its widget event types means (EVENT_DOCS, for `auth-login-event`) and which errors it
// reports (ERROR_DOCS, for `auth-login-error`). The analyzer's plugin (scripts/cem-product-docs.mjs) finds this file by
// the record's folder and adds them after the shared ones. No module of the widget imports it, so the texts ship in no
// bundle; the types make every part and event type the record declares need one.
import type { CRYPTO_EVENTS, CRYPTO_PARTS } from './index.ts';

export const PART_DOCS: Record<(typeof CRYPTO_PARTS)[keyof typeof CRYPTO_PARTS], string> = {
  'crypto-buttons': 'The column of crypto wallet buttons on Main, and the list of the Crypto Other Screen.',
  'crypto-button':
    "A 'Continue with <Wallet>' button or 'Other wallets' (also `button` and `button-secondary`); `data-wallet` " +
    'names the wallet.',
};

/** Each event type's text, shown in parentheses after the type. */
export const EVENT_DOCS: Record<(typeof CRYPTO_EVENTS)[keyof typeof CRYPTO_EVENTS], string> = {
  CRYPTO_WALLET_AUTHENTICATE_START: "a crypto wallet's challenge was issued; `data` is the response with `challenge`",
  CRYPTO_WALLET_AUTHENTICATE: "a visitor signed in with a crypto wallet's signature; `data` is the response",
};

/** The errors this product adds to `auth-login-error` ("also …", after the service's and the network's). */
export const ERROR_DOCS: string =
  "every crypto wallet failure: 'Could not connect to wallet' or 'Could not sign message' when the wallet refused or " +
  "failed (the service's own error when it refused a step)";
