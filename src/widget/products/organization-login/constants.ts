// Values of the organization login.

/**
 * Where the slug goes in the organization URL template (the bootstrap's `slug_pattern`): the hosted provider's
 * placeholder, which its SDK and ours replace to find the slug in the page's URL.
 */
export const SLUG_PLACEHOLDER = '{{slug}}';

/** The organization's sign-in methods this product offers, by their `allowed_auth_methods` names. */
export const EMAIL_LINK_AUTH_METHOD = 'magic_link';
export const SSO_AUTH_METHOD = 'sso';
