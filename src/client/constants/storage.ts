// The client's localStorage keys (wire contract 5).

/** localStorage keys (wire contract 5): the state key and its `::` suffixes. */
export const STORAGE_PREFIX = 'stytch_sdk_state_';
export const BOOTSTRAP_KEY_SUFFIX = '::bootstrap';
export const PKCE_KEY_SUFFIX = '::PKCE_VERIFIER:';
export const SEEN_DOMAINS_KEY_SUFFIX = '::seen_domains';
/**
 * The social provider last used on this device (UI only). With the other keys rather than the OAuth values
 * (constants/oauth.ts): `oauth.lastUsedProvider()` reads it at once, while those load with the OAuth calls.
 */
export const LAST_USED_OAUTH_KEY_SUFFIX = '::b2c_last_used_oauth';
