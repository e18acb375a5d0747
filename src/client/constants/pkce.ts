// PKCE code verifiers (client spec 9, wire contract 5).

/** PKCE verifier: this many random 32-bit words, hex encoded (spec 9, wire contract 5). */
export const PKCE_VERIFIER_WORDS = 16;
/** Each word is written without zero padding except to this minimum width (wire contract 5). */
export const PKCE_WORD_MIN_HEX_DIGITS = 2;
/** One key pair per flow that leaves the page and comes back (wire contract 5); `sso` is the B2B client's SSO start. */
export const PKCE_NAMESPACES = ['magic_links', 'oauth', 'passwords', 'sso'] as const;
export type PkceNamespace = (typeof PKCE_NAMESPACES)[number];
