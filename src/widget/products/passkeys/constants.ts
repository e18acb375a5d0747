// Values of the passkeys product (spec sections 2, 4, 5 and 9).

/**
 * Autofill (conditional mediation) sign-in is started again at most this many times after a failure (spec section 9).
 */
export const PASSKEY_AUTOFILL_RETRIES = 5;
/** The DOMException name of a ceremony the visitor cancelled or let time out: autofill stops (spec section 5). */
export const WEBAUTHN_NOT_ALLOWED = 'NotAllowedError';
/** The DOMException name of `create()` when the authenticator already holds a credential excluded by the service. */
export const WEBAUTHN_INVALID_STATE = 'InvalidStateError';
/** The element's `mode` that opens the passkey registration component instead of the login form. */
export const PASSKEY_REGISTRATION_MODE = 'passkey-registration';
