// Strings of the passkey screens and the passkey messages of the catalogue (spec sections 2 and 8), English.
// Registered with the translator's defaults when the product's chunk loads, before any of its screens render;
// i18n/lazy.ts lists this table's type so every key is in `strings`. Where the spec gives no text, the plain text
// chosen is recorded in docs/decisions.md ("Passkeys").
import { registerDefaults } from '../../i18n/index.ts';
import '../../i18n/en-errors.ts';

export const enPasskeys = {
  // Main (spec section 2): the passkey button
  'passkey.button': 'Continue with Passkey',
  // Register New Passkey (spec section 2; 'Create a Passkey' is the label the catalogue message quotes)
  'passkeyRegister.title': 'Set up a new Passkey',
  'passkeyRegister.text': 'Sign in next time with your face, fingerprint or device PIN instead of a code or a link.',
  'passkeyRegister.create': 'Create a Passkey',
  'passkeyRegister.skip': 'Skip',
  // Passkey Registration Success (spec section 2)
  'passkeySuccess.title': 'Your Passkeys',
  'passkeySuccess.loading': 'Loading your Passkeys...',
  'passkeySuccess.empty': 'You have no Passkeys yet.',
  'passkeySuccess.another': 'Set up another Passkey',
  'passkeySuccess.done': 'Done',
  'passkeySuccess.rename': 'Rename',
  'passkeySuccess.renameLabel': 'Passkey name',
  'passkeySuccess.save': 'Save',
  'passkeySuccess.cancel': 'Cancel',
  'passkeySuccess.delete': 'Delete',
  'passkeySuccess.confirmDelete': 'Delete the Passkey {name}?',
  // Passkey Confirmation (spec section 2)
  'passkeyConfirmation.text': 'You have successfully logged in with your Passkey.',
  // The passkey messages of the catalogue (spec section 8)
  'passkey.unknownError': 'Unknown error occurred during passkey authentication. Please try again.',
  'passkey.duplicate':
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  'passkey.notCreated':
    'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.',
  'passkey.noActiveUser': 'Error: Cannot use PasskeyRegistration component without active user authenticated.',
} as const;

registerDefaults(enPasskeys);
