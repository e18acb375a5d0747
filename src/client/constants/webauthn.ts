// WebAuthn and passkeys.

/**
 * Client spec 5 ("Other checks"): a conditional-mediation passkey sign-in without autofill support, or without an
 * input whose autocomplete mentions webauthn, logs an error and returns nothing. The spec gives no wording; ours names
 * what is missing and what to add.
 */
export const MSG_WEBAUTHN_AUTOFILL_UNSUPPORTED = 'Browser does not support WebAuthn autofill';
export const MSG_WEBAUTHN_AUTOFILL_NO_INPUT =
  'No <input> with "webauthn" in its autocomplete attribute was found (in the document or an open shadow root); ' +
  'passkey autofill needs one';
/** The inputs conditional mediation can offer passkeys in (wire contract 3.8: `autocomplete*="webauthn"`). */
export const WEBAUTHN_AUTOFILL_INPUT_SELECTOR = 'input[autocomplete*="webauthn"]';
