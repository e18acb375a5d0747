// Values of single sign-on.

/**
 * The `stytch_token_type` of an identity provider's redirect back (`?stytch_token_type=sso&token=…`): the hosted
 * provider's name, which its organization client and ours both read.
 */
export const SSO_TOKEN_TYPE = 'sso';
