// Enterprise SSO for organizations (SAML 2.0 and OpenID Connect connections): how long each step may take, how much
// clock difference and input size the service provider accepts, and the per-client budgets of the public calls.

/**
 * How long a started SSO sign-in may take at the identity provider: ten minutes covers a password and a second factor
 * there; an older RelayState or OIDC state is more likely replayed than slow.
 */
export const SSO_STATE_LIFETIME_MS = 10 * 60_000;
/**
 * How long the sso token in the redirect back to the site stays usable: the page authenticates it as soon as it loads,
 * so ten minutes is generous, and it works once anyway.
 */
export const SSO_TOKEN_LIFETIME_MS = 10 * 60_000;
/**
 * Clock difference tolerated between an identity provider and this service on a SAML assertion's NotBefore and
 * NotOnOrAfter: 30 seconds, as for every other signed token the service checks (ID_TOKEN_CLOCK_SKEW_SECONDS); the
 * IdPs of organizations keep their clocks by NTP.
 */
export const SAML_CLOCK_SKEW_MS = 30_000;
/**
 * The largest ACS form post accepted. A signed Response with a few attributes is 5 to 15 KB, and base64 adds a third;
 * 128 KiB leaves room for long group lists and several certificates, and keeps XML parsing and signature checks of
 * junk cheap.
 */
export const SAML_RESPONSE_MAX_BYTES = 128 * 1024;
/** The NameID format asked for and published in the metadata: the member is identified by an email address. */
export const SAML_NAME_ID_FORMAT_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
/**
 * The attribute names read for a member when the connection maps none: the usual claim URIs of Microsoft Entra and
 * AD FS and the short names of Okta and Google Workspace. The NameID is the address when no attribute carries one.
 */
export const SAML_DEFAULT_ATTRIBUTES = {
  email: ['email', 'mail', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'],
  firstName: [
    'first_name',
    'firstName',
    'givenName',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  ],
  lastName: ['last_name', 'lastName', 'surname', 'sn', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname'],
  fullName: ['full_name', 'name', 'displayName', 'http://schemas.microsoft.com/identity/claims/displayname'],
} as const;
/** Scopes every OIDC connection asks for (the wire's "openid email profile"); the connection's custom scopes add. */
export const OIDC_SSO_SCOPES: readonly string[] = ['openid', 'email', 'profile'];

/**
 * SSO starts one client IP may make per window. Each start stores a state row, so a flood is bounded; 100 per ten
 * minutes lets a whole office behind one NAT address sign in on a Monday morning (as IP_SEND_LIMIT does for sends).
 */
export const SSO_START_IP_LIMIT = 100;
/** Length of the start window: as the other per-IP windows. */
export const SSO_START_IP_WINDOW_MS = 10 * 60_000;
/**
 * SSO discovery lookups one client IP may make per window. The answer says which organizations an address belongs to,
 * so it is bounded like the member search (MEMBER_SEARCH_IP_LIMIT), high enough for one office.
 */
export const SSO_DISCOVERY_IP_LIMIT = 100;
/** Length of the discovery window. */
export const SSO_DISCOVERY_IP_WINDOW_MS = 10 * 60_000;
/** Expired states, tokens and replay rows deleted per sweep (one bounded statement each; security/rate-limit.ts). */
export const SSO_SWEEP_BATCH = 1_000;
/** Most configured connections accepted at start: more is a mistake in SSO_CONNECTIONS, not a deployment. */
export const SSO_CONNECTIONS_MAX = 500;
