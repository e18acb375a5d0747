// WebAuthn and passkeys.

/**
 * How long a register or authenticate challenge stays usable, and the `timeout` the options give the browser: 5
 * minutes is the WebAuthn spec's recommended ceiling for a ceremony with user verification, enough to find a key.
 */
export const WEBAUTHN_CHALLENGE_LIFETIME_MS = 5 * 60_000;
/** Random bytes of a challenge: WebAuthn asks for at least 16; 32 matches the session tokens. */
export const WEBAUTHN_CHALLENGE_BYTES = 32;
/** A registration's name when the user gave none (the list in the widget shows it until renamed). */
export const WEBAUTHN_DEFAULT_REGISTRATION_NAME = 'Passkey';
/** Longest registration name (a label in a list) and user agent stored with a registration. */
export const MAX_WEBAUTHN_NAME_LENGTH = 100;
export const MAX_WEBAUTHN_USER_AGENT_LENGTH = 1024;
/** Longest override_id / override_name / override_display_name; WebAuthn's user.id is at most 64 bytes. */
export const MAX_WEBAUTHN_USER_HANDLE_BYTES = 64;
export const MAX_WEBAUTHN_USER_NAME_LENGTH = 256;
