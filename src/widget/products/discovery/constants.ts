// Values of organization discovery.

/**
 * The `stytch_token_type` of a discovery link's redirect (`?stytch_token_type=discovery&token=…`): the hosted
 * provider's name, which its organization client and ours both read.
 */
export const DISCOVERY_TOKEN_TYPE = 'discovery';

/**
 * The membership types that mean the address may join rather than is a member: 'Join' on the organization's button
 * (a pending member joins too: the hosted provider's organization UI says 'Join' for both).
 */
export const JOINING_MEMBERSHIPS = ['eligible_to_join_by_email_domain', 'pending_member'] as const;

/** The one first factor an organization may insist on that this flow can hand over to: its single sign-on. */
export const SSO_AUTH_METHOD = 'sso';

/**
 * What an organization slug may be (the service's rule, which it checks again on creation: the hosted provider's
 * 2 to 128 letters, digits and `-`, `.`, `_`, `~`, in lower case so a slug in a URL has one spelling): the creation
 * form says so before sending.
 */
export const ORGANIZATION_SLUG_RULE = /^[a-z0-9._~-]{2,128}$/;
