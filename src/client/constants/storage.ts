// The client's localStorage keys (wire contract 5).

/** localStorage keys (wire contract 5): the state key and its `::` suffixes. */
export const STORAGE_PREFIX = 'stytch_sdk_state_';
export const BOOTSTRAP_KEY_SUFFIX = '::bootstrap';
export const PKCE_KEY_SUFFIX = '::PKCE_VERIFIER:';
export const SEEN_DOMAINS_KEY_SUFFIX = '::seen_domains';
