// Passkeys: the record Main and the root know; the machines, Main's button, the screens and the strings are the lazy
// chunk (chunk.ts).
import { v } from '../../theme/theme.ts';
import type { ProductRecord } from '../types.ts';
import { formHasEmailField, passkeysEnabled } from './config.ts';
import { PASSKEY_REGISTRATION_MODE } from './constants.ts';
import type { enPasskeys } from './strings.ts';

/** This product's `::part()` names (PARTS; each described in docs.ts beside it, for custom-elements.json). */
export const PASSKEY_PARTS = {
  /** Main's passkey sign-in button. */
  passkeyButton: 'passkey-button',
  /** One passkey in the list of Passkey Registration Success (`data-state`: viewing, editing, deleting). */
  passkeyRow: 'passkey-row',
} as const;

/** This product's widget event types (EVENT_TYPES, in `auth-login-event` and `callbacks.onEvent`). */
export const PASSKEY_EVENTS = {
  /** A passkey was registered for the signed-in user. `data` is the register response. */
  PASSKEY_REGISTER: 'PASSKEY_REGISTER',
  /** A visitor signed in with a passkey (button or autofill). `data` is the authenticate response. */
  PASSKEY_AUTHENTICATE: 'PASSKEY_AUTHENTICATE',
  /** 'Skip' on Register New Passkey: no passkey was added. `data` is `{}`. */
  PASSKEY_SKIP: 'PASSKEY_SKIP',
  /** 'Done' on Passkey Registration Success. `data` is `{}`. */
  PASSKEY_DONE: 'PASSKEY_DONE',
} as const;

export const passkeys: ProductRecord<{
  name: 'passkeys';
  strings: typeof enPasskeys;
  parts: typeof PASSKEY_PARTS;
  events: typeof PASSKEY_EVENTS;
  mode: typeof PASSKEY_REGISTRATION_MODE;
}> = {
  name: 'passkeys',
  folder: 'passkeys',
  enabled: passkeysEnabled,
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  translations: { es: () => import('./strings.es.ts'), fr: () => import('./strings.fr.ts') },
  parts: PASSKEY_PARTS,
  events: PASSKEY_EVENTS,
  // Passkeys sign in an existing account only: they need another product to create one (spec section 2).
  configErrors: (config) => (config.products.length === 1 ? ['config.passkeysAlone'] : []),
  // The button's height is reserved only when the button is sure to show: the form has no email field to autofill.
  // With an email field it shows only where the browser lacks autofill of passkeys, which Main learns after first
  // paint; reserving room there would leave an empty gap in every browser that has it (all current ones), so the rare
  // browser without it takes the one shift instead (docs/decisions.md, "Passkeys").
  mainBlockHeight: (config) => (formHasEmailField(config) ? null : v('buttonHeight')),
  emailAutocomplete: 'username webauthn',
  opens: { mode: PASSKEY_REGISTRATION_MODE },
  // Autofill stops when the passkey button starts the product: a browser runs one WebAuthn ceremony at a time.
  runsOnMain: { throughOwnFlow: false },
};
