// Organizations (the B2B project): intermediate sessions, slugs and names, the roles the provider's RBAC names, the
// member session JWT's organization claim, and the limits of the calls that answer about members.

/**
 * How long an intermediate session (a proven address in discovery, or a first factor waiting for MFA) lasts: the
 * spec's "Intermediate session token cookie lifetime: 10 minutes". The client's cookie and the row expire together.
 */
export const INTERMEDIATE_SESSION_LIFETIME_MS = 10 * 60_000;

/**
 * What an organization slug may be: lower-case letters, digits and the URL-safe marks `-`, `.`, `_`, `~`, 2 to 128
 * characters (the hosted provider's rule, in lower case so a slug in a URL has one spelling). Checked where an
 * organization is created; the discovery form checks the same rule before it sends.
 */
export const ORGANIZATION_SLUG_PATTERN = '^[a-z0-9._~-]{2,128}$';
/**
 * Where the slug goes in the organization URL template (ORGANIZATION_URL_TEMPLATE, the B2B bootstrap's
 * `slug_pattern`): the hosted provider's placeholder, which its SDK replaces to find the slug in the page's URL.
 */
export const ORGANIZATION_URL_SLUG_PLACEHOLDER = '{{slug}}';
/** The hosted provider's limit on an organization's name. */
export const ORGANIZATION_NAME_MAX_LENGTH = 128;
/** The longest logo URL an organization may carry: as long as the redirect URLs the service accepts. */
export const ORGANIZATION_LOGO_URL_MAX_LENGTH = 2048;
/** At most this many allowed email domains per organization: enough for any company's brands, bounded for JIT. */
export const ORGANIZATION_EMAIL_DOMAINS_MAX = 50;

/** The role the hosted provider gives whoever creates an organization through discovery. */
export const ADMIN_ROLE_ID = 'stytch_admin';
/** The role every member has by being one (the hosted provider's default member role). */
export const MEMBER_ROLE_ID = 'stytch_member';

/**
 * The member session JWT's organization claim, named like the hosted provider's so backends that verify its B2B
 * tokens read ours: `{organization_id, slug}`.
 */
export const ORGANIZATION_JWT_CLAIM = 'https://stytch.com/organization';

/**
 * Member searches one client IP may make per window: the search tells whether an address is a member, so it is
 * bounded like the other calls that answer about an address, high enough for a company behind one NAT address.
 */
export const MEMBER_SEARCH_IP_LIMIT = 100;
/** Length of the member search window. */
export const MEMBER_SEARCH_IP_WINDOW_MS = 10 * 60_000;
