// Values only the dev tools use: the dev inbox, the dev captcha's answer, and the dev identity provider that stands
// in for Google (One Tap) and other social providers when no real credentials are configured.

// The dev inbox.

/** The inbox shows the newest messages only; a long-running dev service should not render thousands. */
export const DEV_INBOX_MAX_MESSAGES = 200;
/**
 * Dev inbox rows are deleted a day after they were sent: every live link and code sits there in the clear, and a day
 * covers any local session of work while keeping the table from holding a history of every code ever sent.
 */
export const DEV_INBOX_RETENTION_MS = 24 * 60 * 60_000;

// The dev captcha.

/** The one captcha token the dev captcha accepts: a stand-in for a reCAPTCHA token, for local development only. */
export const DEV_CAPTCHA_PASS_TOKEN = 'dev-captcha-pass';

// The dev identity provider (only when no real credentials are configured).

/**
 * The Google client id the service hands out for One Tap when the dev identity provider stands in for Google. It
 * looks like a Google client id so code that checks the shape accepts it, and says "dev" so nobody mistakes it.
 */
export const DEV_ONE_TAP_CLIENT_ID = 'dev-one-tap-client.apps.googleusercontent.com';
/** Dev ID tokens live 5 minutes: long enough to post one, short like Google's own (which live 1 hour at most). */
export const DEV_ID_TOKEN_LIFETIME_SECONDS = 5 * 60;
/** The dev sign-in page offers the identities used most recently, up to this many, as one-click choices. */
export const DEV_IDP_RECENT_IDENTITIES = 8;
/** Name and length limit of a dev identity; longer is a mistake. */
export const MAX_DEV_NAME_LENGTH = 100;
/** The dev identity a One Tap card is prefilled with, so a demo needs no typing. */
export const DEV_ONE_TAP_DEFAULT_IDENTITY = {
  email: 'ada.lovelace@westlight.localhost',
  name: 'Ada Lovelace',
} as const;

// The enterprise SSO stand-ins: a SAML identity provider and an OpenID Connect provider for the demo's partner
// organizations (dev/saml-stand-in.ts, dev/oidc-sso-stand-in.ts).

/**
 * Where the SAML stand-in receives AuthnRequests (the seeded connection's IdP sign-in URL, on the service's origin).
 */
export const DEV_SAML_IDP_PATH = '/dev/sso/saml';
/** The stand-in's entity id (the Issuer of its assertions): a URN, so it does not depend on the service's origin. */
export const DEV_SAML_IDP_ENTITY_ID = 'urn:auth-login:dev:saml-identity-provider';
/** The SAML stand-in's seeded connection, for Lumen Stage Systems: fixed, since the ACS URL contains it. */
export const DEV_SAML_CONNECTION_ID = 'saml-connection-test-lumen-stage';
/**
 * How long the stand-in's assertions are valid: five minutes, as Okta and Microsoft Entra issue them; enough to post
 * the form, short enough that a copied assertion is soon useless.
 */
export const DEV_SAML_ASSERTION_LIFETIME_MS = 5 * 60_000;
/**
 * The seeded SAML connection trusts the certificates of this many latest stand-in keys: each process makes its own, so
 * processes sharing a database (SERVICE_PROCESSES) all sign in; eight covers any local cluster and a few restarts.
 */
export const DEV_SAML_CERTIFICATES_KEPT = 8;
/** The stand-in's self-signed certificate is valid this long: the key itself lives only as long as the process. */
export const DEV_SAML_CERTIFICATE_LIFETIME_MS = 365 * 24 * 60 * 60_000;
/** The OIDC stand-in's issuer path (the seeded connection's issuer, on the service's origin). */
export const DEV_OIDC_SSO_ISSUER_PATH = '/dev/sso/oidc';
/** The OIDC stand-in's seeded connection, for Prism Events. */
export const DEV_OIDC_SSO_CONNECTION_ID = 'oidc-connection-test-prism-events';
/** The client the seeded connection is at the OIDC stand-in, and its secret (public: development only). */
export const DEV_OIDC_SSO_CLIENT_ID = 'dev-sso-prism-events';
export const DEV_OIDC_SSO_CLIENT_SECRET = 'dev-sso-prism-events-secret-not-a-secret';
/** How long an authorization code of the OIDC stand-in lives: one redirect and one token request. */
export const DEV_OIDC_SSO_CODE_LIFETIME_MS = 60_000;
/** The sign-in pages offer the organization's most recent members, up to this many, as one-click choices. */
export const DEV_SSO_RECENT_MEMBERS = 8;

// The demo portal's own server side (portal-api.ts).

/** The session cookie the demo pages' client writes: its default name (src/client/constants/sessions.ts). */
export const DEMO_SESSION_COOKIE = 'stytch_session';

/**
 * The organization URL template `npm start` publishes when none is configured: each partner's page on the demo
 * site's corporate training portal (`/corporate-training/aurora-theatre`), on the service's own origin, where the
 * element's organization sign-in finds the organization by its slug.
 */
export const DEMO_ORGANIZATION_URL_TEMPLATE = '/corporate-training/{{slug}}';
