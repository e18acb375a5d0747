// Passkeys: the record Main and the root know; the machines, Main's button, the screens and the strings are the lazy
// chunk (chunk.ts).
import { PASSKEY_REGISTRATION_MODE } from './constants.ts';
import { v } from '../../theme/theme.ts';
import type { ProductRecord } from '../types.ts';
import { formHasEmailField, passkeysEnabled } from './config.ts';

export const passkeys: ProductRecord = {
  name: 'passkeys',
  enabled: passkeysEnabled,
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
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
