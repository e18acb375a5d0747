import type { RbacPolicy } from '../api/bootstrap.ts';
import type { OAuthProvider } from '../api/oauth.ts';
import { DEV_PROJECT_SECRET, PROJECT_SECRET_MIN_LENGTH } from './constants/backend-api.ts';
import {
  DEFAULT_B2B_PUBLIC_TOKEN,
  DEFAULT_EMAIL_DOMAINS,
  DEFAULT_PROJECT_ID,
  DEFAULT_PROJECT_NAME,
  DEFAULT_PUBLIC_TOKEN,
  SENDER_LOCAL_PART,
} from './constants/project.ts';
import { ORGANIZATION_URL_SLUG_PLACEHOLDER } from './constants/organizations.ts';
import { IP_AUTH_FAILURE_LIMIT, IP_EVENTS_LIMIT, IP_SEND_LIMIT } from './constants/rate-limits.ts';
import {
  RETENTION_SWEEP_INTERVAL_MS,
  TELEMETRY_RETENTION_DAY_MS,
  TELEMETRY_RETENTION_DAYS_DEFAULT,
  TELEMETRY_RETENTION_DAYS_MAX,
} from './constants/retention.ts';
import { DEV_SECRET_KEY } from './constants/secrets.ts';
import { DFP_DEFAULT_MAX_CALLS_PER_DEVICE } from './constants/dfp.ts';
import { RECAPTCHA_API_URL, RECAPTCHA_DEFAULT_MIN_SCORE, RECAPTCHA_TIMEOUT_MS } from './constants/recaptcha.ts';
import { SSO_DISCOVERY_IP_LIMIT, SSO_START_IP_LIMIT } from './constants/sso.ts';
import {
  SMS_WEBHOOK_ATTEMPT_TIMEOUT_MS,
  SMS_WEBHOOK_ATTEMPTS,
  SMS_WEBHOOK_RETRY_BASE_DELAY_MS,
  SMS_WEBHOOK_SECRET_MIN_LENGTH,
} from './delivery/constants.ts';
import type { DatabaseOptions } from './db/db.ts';
import type { PasswordPolicy } from './security/password-strength.ts';
import { appleKeyObject, type AppleSigningKey } from './security/apple-client-secret.ts';
import { parseSecretKey } from './security/secret-keys.ts';
import { validateConnectedApps } from './connected-apps.ts';
import { checkedRbacPolicy, checkedUserRoles, EMPTY_RBAC_POLICY } from './rbac-config.ts';
import { checkedSsoConnections, type SsoConnectionConfig } from './services/sso-config.ts';
import type { DfpSettings } from './services/dfp.ts';

export { DEFAULT_B2B_PUBLIC_TOKEN, DEFAULT_PUBLIC_TOKEN } from './constants/project.ts';

/**
 * Email through an SMTP server (Nodemailer). `url` names the server and its login, e.g.
 * `smtps://user:password@smtp.example.com:465` or `smtp://localhost:2525`; `from` is the sender every message carries
 * (default `no-reply@<first email domain>`).
 */
export interface SmtpOptions {
  url: string;
  from?: string;
}

/**
 * SMS and WhatsApp through an HTTP webhook the site owner runs in front of their SMS provider: a signed JSON POST per
 * message (README, "SMS and WhatsApp webhook"). The retry fields exist so tests need not wait; the defaults are the
 * SMS_WEBHOOK_* constants.
 */
export interface SmsWebhookOptions {
  url: string;
  /**
   * The HMAC-SHA256 key the receiver verifies `X-Signature` with; at least SMS_WEBHOOK_SECRET_MIN_LENGTH characters.
   */
  secret: string;
  attempts?: number;
  retryBaseDelayMs?: number;
  attemptTimeoutMs?: number;
}

/**
 * reCAPTCHA Enterprise (services/recaptcha.ts): the key the bootstrap announces (`captcha_settings.siteKey`, so the
 * client loads Google's enterprise.js) and the Google Cloud project and API key the service creates an assessment of
 * each captcha token with. A token passes when Google says it is valid, for the LOGIN action, with a score of at least
 * `minScore` (0..1, default RECAPTCHA_DEFAULT_MIN_SCORE); a failed call to Google counts as not solved. `apiUrl`
 * (default RECAPTCHA_API_URL) and `timeoutMs` (default RECAPTCHA_TIMEOUT_MS) exist for a proxy and so tests need not
 * wait. Env: RECAPTCHA_SITE_KEY, RECAPTCHA_PROJECT_ID, RECAPTCHA_API_KEY, RECAPTCHA_MIN_SCORE, RECAPTCHA_API_URL.
 */
export interface RecaptchaOptions {
  siteKey: string;
  /** The Google Cloud project that owns the key (not this service's `projectId`). */
  projectId: string;
  apiKey: string;
  minScore?: number;
  apiUrl?: string;
  timeoutMs?: number;
}

/** A connected app (an OAuth client of this project) as users see it in their connected-apps list. */
export interface ConnectedAppConfig {
  client_id: string;
  name: string;
  description: string;
  client_type: 'first_party' | 'third_party' | 'first_party_public' | 'third_party_public';
  logo_url?: string;
  /**
   * A confidential app's secret (`first_party`, `third_party`), checked by the token endpoint. Public apps
   * (`*_public`: a single-page or mobile app) have none and must send a PKCE code challenge.
   */
  client_secret?: string;
  /** The exact URIs an authorization response may be sent to (no prefix or pattern matching). */
  redirect_uris?: string[];
  /** The exact URIs end session may send the browser back to after logout. */
  post_logout_redirect_uris?: string[];
}

/**
 * A trusted issuer for `/sessions/attest`: its JWTs are HS256-signed with `secret`, carry `iss` = `issuer`,
 * `aud` = `audience`, `exp`, and the user's `email`; the user is found (or created) by that address.
 */
export interface TrustedAuthProfile {
  profileId: string;
  issuer: string;
  audience: string;
  secret: string;
}

/**
 * A project's client at a social provider. `issuer` turns on OpenID Connect discovery; otherwise the endpoints (or the
 * provider's well-known defaults, src/server/security/oauth-providers.ts) are used. Explicit endpoints override what
 * discovery finds. The provider must have `<service origin>/v1/public/oauth/<provider>/callback` as a redirect URI.
 */
export interface OAuthProviderCredentials {
  clientId: string;
  /** The client secret. Apple has none: give `appleSigningKey` instead and the service signs one per request. */
  clientSecret?: string;
  issuer?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userinfoEndpoint?: string;
  /** Scopes always asked for; a start request's `custom_scopes` are added. Default: the provider's profile scopes. */
  scopes?: string[];
  /**
   * Apple only: the Sign in with Apple key (team id, key id, the .p8 private key) that signs the client secret JWT
   * Apple requires (src/server/security/apple-client-secret.ts). Env: OAUTH_APPLE_TEAM_ID, _KEY_ID, _PRIVATE_KEY.
   */
  appleSigningKey?: AppleSigningKey;
}

/** `development`: the local demo with its dev tools; `production`: no dev tool exists, whatever else is set. */
export type ServiceMode = 'development' | 'production';

/** Per-client-IP limits (requests per window; the windows are fixed in constants/rate-limits.ts and sso.ts). */
export interface IpRateLimits {
  /** Magic-link, passcode and reset-email sends. Default IP_SEND_LIMIT. */
  sends: number;
  /** Failed authentication attempts (password, passcode, TOTP, recovery code). Default IP_AUTH_FAILURE_LIMIT. */
  authFailures: number;
  /** Telemetry batches (POST /events). Default IP_EVENTS_LIMIT. */
  events: number;
  /** Organization SSO starts (GET /v1/public/sso/start). Default SSO_START_IP_LIMIT. */
  ssoStarts: number;
  /**
   * SSO discovery lookups by email address (GET /sdk/v1/b2b/sso/discovery/connections). Default
   * SSO_DISCOVERY_IP_LIMIT.
   */
  ssoDiscoveries: number;
}

/** Everything a caller may set; every field has a safe local default. */
export interface ServiceOptions {
  /** Default `development`. `production` forces `devInbox`, `devIdentityProvider` and `devCaptcha` off. */
  mode?: ServiceMode;
  database?: DatabaseOptions;
  publicToken?: string;
  /**
   * The public token of the organization (B2B) API (`/sdk/v1/b2b/...`, and a bootstrap that says `vertical: 'B2B'`);
   * the consumer API refuses it and the B2B API refuses the consumer token. Env: B2B_PUBLIC_TOKEN.
   */
  b2bPublicToken?: string;
  /**
   * The B2B bootstrap's `create_organization_enabled`: whether a proven address may create an organization through
   * discovery. Default: on in development (the demo), off in production. Env: CREATE_ORGANIZATION_ENABLED.
   */
  createOrganizationEnabled?: boolean;
  /**
   * The B2B bootstrap's `pkce_required_for_sso`: an SSO start must carry a PKCE challenge. Env: PKCE_REQUIRED_FOR_SSO.
   */
  pkceRequiredForSso?: boolean;
  /**
   * The B2B bootstrap's `slug_pattern`: the address of an organization's sign-in page with `{{slug}}` where its slug
   * goes (`https://training.example/{{slug}}`), from which the element's organization sign-in finds the organization
   * in the page's URL. A path (`/corporate-training/{{slug}}`) is on the service's own origin, where its site is.
   * Checked at start. Default: none (null). Env: ORGANIZATION_URL_TEMPLATE.
   */
  organizationUrlTemplate?: string;
  /**
   * Organizations' SAML and OIDC connections, written to the database at every start (a connection no longer listed
   * stops working). Checked at start (services/sso-config.ts). Env: SSO_CONNECTIONS (JSON) or SSO_CONNECTIONS_FILE.
   */
  ssoConnections?: SsoConnectionConfig[];
  projectId?: string;
  projectName?: string;
  /** Exact origins allowed to call /sdk/v1 from a browser (CORS). */
  allowedOrigins?: string[];
  /** Absolute URLs a magic link may redirect to: same origin and path as an entry; the query is ignored. */
  redirectUrls?: string[];
  /** Used when a send request names no redirect URL; defaults to the first of `redirectUrls`. */
  defaultRedirectUrl?: string;
  /** The project's email domains (bootstrap); the dev sender is `no-reply@<first>`. */
  emailDomains?: string[];
  pkceRequiredForEmailMagicLinks?: boolean;
  /**
   * Regions (ISO 3166-1 alpha-2, e.g. `['US', 'CA']`) whose phone numbers may receive SMS and WhatsApp passcodes;
   * a number elsewhere gets `invalid_phone_number_country_code`. Default: every region.
   */
  phoneRegions?: string[];
  /** The bootstrap's `disable_sdk_watermark`; a self-hosted service has no provider brand to show. */
  disableSdkWatermark?: boolean;
  /**
   * The bootstrap's `cname_domain`: a host name (no scheme or path, e.g. `login.example.edu`) that serves this service
   * under the site's own domain; the client then starts social sign-in at `https://<cname_domain>`. Default: none.
   */
  cnameDomain?: string;
  /** How strong a password must be: zxcvbn (score 3 or more, the default) or LUDS (published in the bootstrap). */
  passwordPolicy?: PasswordPolicy;
  pkceRequiredForPasswordResets?: boolean;
  /**
   * The bootstrap's `siwe_required_for_crypto_wallets`: every Ethereum wallet sign-in signs a Sign-In with Ethereum
   * (EIP-4361) message bound to the page's origin, not a plain challenge. Default false.
   */
  siweRequiredForCryptoWallets?: boolean;
  /**
   * The RBAC policy the bootstrap document carries; the client evaluates permissions against it, and the consent
   * screen grants a custom scope by it. Checked at start (rbac-config.ts). Env: RBAC_POLICY (JSON) or RBAC_POLICY_FILE.
   */
  rbacPolicy?: RbacPolicy;
  /**
   * Role ids per user, keyed by email address or user id (case-insensitive), e.g. `{'dean@westlight.edu': ['admin']}`.
   * An address gives its roles only once the user has proven it (services/users.ts). Users carry their roles in
   * `user.roles`, `session.roles` and the session JWT. Env: USER_ROLES (JSON) or USER_ROLES_FILE.
   */
  userRoles?: Record<string, string[]>;
  /**
   * Dev captcha: the bootstrap announces captcha and DFP protection, and every retriable endpoint (wire contract 1.5)
   * answers the non-JSON `Captcha required` until a request carries the dev token `dev-captcha-pass`. Development only.
   */
  devCaptcha?: boolean;
  /**
   * Device fingerprinting (services/dfp.ts): the bootstrap announces `dfp_protected_auth_enabled` with `mode`, the
   * client loads the service's telemetry script (GET /telemetry.js) and sends a `dfp_telemetry_id` on every send and
   * login call. OBSERVATION (the default mode) records each call on its device and lets it through; DECISIONING
   * answers `Captcha required` to a call with no live telemetry id, or from a device that has made more than
   * `maxCallsPerDevice` (default DFP_DEFAULT_MAX_CALLS_PER_DEVICE) such calls in a day, unless it carries a solved
   * captcha (`recaptcha`, or in development the dev captcha's stand-in; in production without `recaptcha` such calls
   * are refused). Default off; `devCaptcha`
   * turns it on in OBSERVATION. Env: DFP_PROTECTED_AUTH_ENABLED, DFP_PROTECTED_AUTH_MODE, DFP_MAX_CALLS_PER_DEVICE.
   */
  dfpProtectedAuth?: Partial<DfpSettings>;
  /**
   * The captcha that DECISIONING's flagged calls solve, in production and development alike (RecaptchaOptions). It
   * needs `dfpProtectedAuth` (only that rule ever asks for a captcha, so alone it would do nothing). In development it
   * replaces the dev captcha's stand-in as the verifier; with `devCaptcha` as well the start is refused, since the dev
   * captcha answers its own pass token only and would refuse every real token.
   */
  recaptcha?: RecaptchaOptions;
  /**
   * The bootstrap's `vertical`. This service implements the consumer API only; `B2B` exists so the client's
   * "B2B token used with the consumer client" error can be exercised. Default `CONSUMER`.
   */
  vertical?: 'CONSUMER' | 'B2B';
  /** Third-party apps a user may grant access to; their access tokens can be exchanged for a session. */
  connectedApps?: ConnectedAppConfig[];
  /** Issuers whose JWTs `/sessions/attest` accepts, each named by a profile id. */
  trustedAuthProfiles?: TrustedAuthProfile[];
  /**
   * The site page hosting `<auth-login>` for consent (absolute URL): the OpenID provider's authorization endpoint
   * sends the browser there with the request's parameters. Default: `/oauth/authorize` on the service's origin (the
   * demo site's page).
   */
  idpAuthorizeUrl?: string;
  /** The site page hosting `<auth-login>` for logout; end session sends the browser there. Default: `/oauth/logout`. */
  idpLogoutUrl?: string;
  /** Serve the demo site from this folder (clean URLs and a 404 page). */
  siteDir?: string;
  /** Serve the built bundles from this folder at the root. */
  distDir?: string;
  /** The dev inbox routes; turn off in production. */
  devInbox?: boolean;
  /** Real social providers, by wire name; a provider listed here always uses these credentials, never the dev IdP. */
  oauthProviders?: Partial<Record<OAuthProvider, OAuthProviderCredentials>>;
  /**
   * The Google client id for One Tap (its ID tokens must carry it as `aud`). Default: none (the dev IdP's, when on).
   */
  googleOneTapClientId?: string;
  /** Whether an OAuth start must carry a `code_challenge` (published as the bootstrap's `pkce_required_for_oauth`). */
  pkceRequiredForOAuth?: boolean;
  /**
   * The dev identity provider: a local sign-in page that stands in for every social provider without credentials,
   * and a stand-in for Google's One Tap script. Default: on whenever `devInbox` is on. Development only.
   */
  devIdentityProvider?: boolean;
  /**
   * The service's own origin as browsers and providers reach it (e.g. behind a proxy), for the provider redirect URI
   * and the dev issuer. Default: the origin each request arrived at.
   */
  publicUrl?: string;
  /** Clock in milliseconds, used for every timestamp and expiry check, so tests can move time. */
  now?: () => number;
  /** Real email delivery. Without `devInbox` this is the only way mail leaves the service. */
  smtp?: SmtpOptions;
  /**
   * How many reverse proxies stand in front of the service. 0 (default): the client IP is the TCP peer. N > 0: it is
   * the Nth address from the right of `X-Forwarded-For` (each proxy appends the address it received from).
   */
  trustProxy?: number;
  /**
   * Where one JSON line per request goes (method, path without query, status, duration, request id, IP). Default:
   * stdout in production, nowhere in development (where `npm start` prints its human-friendly lines instead).
   */
  requestLog?: ((line: string) => void) | null;
  /**
   * AUTH_SECRET_KEY: 32 bytes as 64 hex characters or base64/base64url. It keys passcode hashes and encrypts TOTP
   * seeds and the signing key at rest. Default: DEV_SECRET_KEY, which is public and for development only.
   */
  secretKey?: string;
  /** Keys used before a rotation (AUTH_SECRET_KEY_PREVIOUS): rows under them still decrypt, and are re-encrypted. */
  previousSecretKeys?: string[];
  /**
   * PROJECT_SECRET: what the site's own server sends with the project id (HTTP Basic) to call the backend API
   * (`/v1/...`, routes/backend/), at least PROJECT_SECRET_MIN_LENGTH characters. Default in development:
   * DEV_PROJECT_SECRET (public, printed by `npm start`); in production none, and the backend API refuses every call.
   */
  projectSecret?: string;
  /** Per-IP limits; the defaults suit production (a campus behind one NAT address). */
  ipRateLimits?: Partial<IpRateLimits>;
  /** Days stored telemetry is kept before the retention sweep deletes it (TELEMETRY_RETENTION_DAYS). Default 30. */
  telemetryRetentionDays?: number;
  /** How often the retention sweep also runs on a timer, in ms (a positive whole number). Default 10 minutes. */
  retentionSweepIntervalMs?: number;
  /** Real SMS and WhatsApp delivery. Without `devInbox` this is the only way texts leave the service. */
  smsWebhook?: SmsWebhookOptions;
}

/** The resolved configuration: no optional fields left except the static folders. */
export interface ProjectConfig {
  mode: ServiceMode;
  publicToken: string;
  b2bPublicToken: string;
  createOrganizationEnabled: boolean;
  pkceRequiredForSso: boolean;
  /** null: no organization URL template (the bootstrap's `slug_pattern` is null). */
  organizationUrlTemplate: string | null;
  ssoConnections: readonly SsoConnectionConfig[];
  projectId: string;
  projectName: string;
  allowedOrigins: readonly string[];
  redirectUrls: readonly string[];
  defaultRedirectUrl: string | null;
  emailDomains: readonly string[];
  senderAddress: string;
  pkceRequiredForEmailMagicLinks: boolean;
  /** null: every region. */
  phoneRegions: readonly string[] | null;
  disableSdkWatermark: boolean;
  cnameDomain: string | null;
  passwordPolicy: PasswordPolicy;
  pkceRequiredForPasswordResets: boolean;
  siweRequiredForCryptoWallets: boolean;
  rbacPolicy: RbacPolicy;
  userRoles: Readonly<Record<string, readonly string[]>>;
  devCaptcha: boolean;
  /** null: no device fingerprinting. */
  dfp: DfpSettings | null;
  /** null: no reCAPTCHA Enterprise (in development the dev captcha's stand-in solves DECISIONING's captcha). */
  recaptcha: Required<RecaptchaOptions> | null;
  vertical: 'CONSUMER' | 'B2B';
  connectedApps: readonly ConnectedAppConfig[];
  trustedAuthProfiles: readonly TrustedAuthProfile[];
  /** null: the default path on the issuer's origin. */
  idpAuthorizeUrl: string | null;
  idpLogoutUrl: string | null;
  siteDir: string | undefined;
  distDir: string | undefined;
  devInbox: boolean;
  oauthProviders: Readonly<Partial<Record<OAuthProvider, OAuthProviderCredentials>>>;
  googleOneTapClientId: string | null;
  pkceRequiredForOAuth: boolean;
  devIdentityProvider: boolean;
  /** Origin only (no path); null: take it from each request. */
  publicUrl: string | null;
  now: () => number;
  trustProxy: number;
  requestLog: ((line: string) => void) | null;
  /** Checked at resolve time (a bad key is a start-up error); derived into keys in app.ts. */
  secretKey: string;
  previousSecretKeys: readonly string[];
  /** null: production without PROJECT_SECRET, where the backend API answers every call 401. */
  projectSecret: string | null;
  ipRateLimits: Readonly<IpRateLimits>;
  /** How long stored telemetry is kept (store/retention.ts). */
  telemetryRetentionMs: number;
  /** How often each instance runs the retention sweep on its timer (app.ts). */
  retentionSweepIntervalMs: number;
  /** null: no SMTP server; `from` is `senderAddress`. */
  smtp: Required<SmtpOptions> | null;
  /** null: no SMS webhook. */
  smsWebhook: Required<SmsWebhookOptions> | null;
}

export const DEFAULT_DATABASE: DatabaseOptions = { kind: 'memory' };

export function resolveConfig(options: ServiceOptions): ProjectConfig {
  validateConnectedApps(options.connectedApps ?? []);
  const redirectUrls = [...(options.redirectUrls ?? [])];
  // The operator named the default explicitly, so it is trusted like an allowlist entry.
  if (options.defaultRedirectUrl && !redirectUrls.includes(options.defaultRedirectUrl)) {
    redirectUrls.push(options.defaultRedirectUrl);
  }
  // The single switch: production never runs a dev stand-in, even when an option asks for one.
  const mode = options.mode ?? 'development';
  const devAllowed = mode === 'development';
  const emailDomains = options.emailDomains?.length ? [...options.emailDomains] : [...DEFAULT_EMAIL_DOMAINS];
  // The one sender of every email, in the dev inbox and over SMTP alike.
  const senderAddress = options.smtp?.from || `${SENDER_LOCAL_PART}@${emailDomains[0]}`;
  return {
    mode,
    publicToken: options.publicToken ?? DEFAULT_PUBLIC_TOKEN,
    b2bPublicToken: checkedB2bToken(options.b2bPublicToken ?? DEFAULT_B2B_PUBLIC_TOKEN, options.publicToken),
    createOrganizationEnabled: options.createOrganizationEnabled ?? devAllowed,
    pkceRequiredForSso: options.pkceRequiredForSso ?? false,
    organizationUrlTemplate: checkedOrganizationUrlTemplate(options.organizationUrlTemplate),
    ssoConnections: checkedSsoConnections(options.ssoConnections ?? []),
    projectId: options.projectId ?? DEFAULT_PROJECT_ID,
    projectName: options.projectName ?? DEFAULT_PROJECT_NAME,
    allowedOrigins: [...(options.allowedOrigins ?? [])],
    redirectUrls,
    defaultRedirectUrl: options.defaultRedirectUrl ?? redirectUrls[0] ?? null,
    emailDomains,
    senderAddress,
    pkceRequiredForEmailMagicLinks: options.pkceRequiredForEmailMagicLinks ?? false,
    phoneRegions: options.phoneRegions ? options.phoneRegions.map((region) => region.toUpperCase()) : null,
    disableSdkWatermark: options.disableSdkWatermark ?? true,
    cnameDomain: options.cnameDomain ?? null,
    passwordPolicy: options.passwordPolicy ?? { kind: 'zxcvbn' },
    pkceRequiredForPasswordResets: options.pkceRequiredForPasswordResets ?? false,
    siweRequiredForCryptoWallets: options.siweRequiredForCryptoWallets ?? false,
    rbacPolicy: checkedRbacPolicy(options.rbacPolicy ?? EMPTY_RBAC_POLICY, 'rbacPolicy'),
    userRoles: checkedUserRoles(options.userRoles ?? {}, 'userRoles'),
    devCaptcha: devAllowed && (options.devCaptcha ?? false),
    dfp: checkedDfpSettings(options.dfpProtectedAuth, devAllowed && (options.devCaptcha ?? false)),
    recaptcha: checkedRecaptcha(options, devAllowed && (options.devCaptcha ?? false)),
    vertical: options.vertical ?? 'CONSUMER',
    connectedApps: [...(options.connectedApps ?? [])],
    trustedAuthProfiles: [...(options.trustedAuthProfiles ?? [])],
    idpAuthorizeUrl: options.idpAuthorizeUrl ?? null,
    idpLogoutUrl: options.idpLogoutUrl ?? null,
    siteDir: options.siteDir,
    distDir: options.distDir,
    devInbox: devAllowed && (options.devInbox ?? true),
    oauthProviders: checkedOAuthProviders(options.oauthProviders ?? {}),
    googleOneTapClientId: options.googleOneTapClientId || null,
    pkceRequiredForOAuth: options.pkceRequiredForOAuth ?? false,
    devIdentityProvider: devAllowed && (options.devIdentityProvider ?? options.devInbox ?? true),
    publicUrl: options.publicUrl ? new URL(options.publicUrl).origin : null,
    now: options.now ?? Date.now,
    trustProxy: options.trustProxy ?? 0,
    requestLog: options.requestLog !== undefined ? options.requestLog : mode === 'production' ? writeLine : null,
    secretKey: checkedSecretKey(options.secretKey ?? devOnlySecretKey(mode), 'AUTH_SECRET_KEY'),
    projectSecret: checkedProjectSecret(options.projectSecret ?? (devAllowed ? DEV_PROJECT_SECRET : null), mode),
    previousSecretKeys: (options.previousSecretKeys ?? []).map((key, index) =>
      checkedSecretKey(key, `AUTH_SECRET_KEY_PREVIOUS[${index}]`),
    ),
    ipRateLimits: {
      sends: checkedLimit(options.ipRateLimits?.sends ?? IP_SEND_LIMIT, 'ipRateLimits.sends'),
      authFailures: checkedLimit(
        options.ipRateLimits?.authFailures ?? IP_AUTH_FAILURE_LIMIT,
        'ipRateLimits.authFailures',
      ),
      events: checkedLimit(options.ipRateLimits?.events ?? IP_EVENTS_LIMIT, 'ipRateLimits.events'),
      ssoStarts: checkedLimit(options.ipRateLimits?.ssoStarts ?? SSO_START_IP_LIMIT, 'ipRateLimits.ssoStarts'),
      ssoDiscoveries: checkedLimit(
        options.ipRateLimits?.ssoDiscoveries ?? SSO_DISCOVERY_IP_LIMIT,
        'ipRateLimits.ssoDiscoveries',
      ),
    },
    telemetryRetentionMs:
      checkedTelemetryRetentionDays(options.telemetryRetentionDays ?? TELEMETRY_RETENTION_DAYS_DEFAULT) *
      TELEMETRY_RETENTION_DAY_MS,
    retentionSweepIntervalMs: checkedSweepInterval(options.retentionSweepIntervalMs ?? RETENTION_SWEEP_INTERVAL_MS),
    smtp: options.smtp ? { url: smtpUrl(options.smtp.url), from: senderAddress } : null,
    smsWebhook: options.smsWebhook ? resolveSmsWebhook(options.smsWebhook) : null,
  };
}

/** One token for both APIs would make every B2B call a consumer call too: the start stops instead. */
function checkedB2bToken(b2bToken: string, consumerToken: string | undefined): string {
  if (b2bToken === (consumerToken ?? DEFAULT_PUBLIC_TOKEN)) {
    throw new Error('The B2B public token must differ from the consumer public token.');
  }
  return b2bToken;
}

/**
 * An organization URL template names one place for the slug, in an http(s) URL or a path on the service's origin: any
 * other would leave the element unable to find an organization in any page's URL.
 */
function checkedOrganizationUrlTemplate(template: string | undefined): string | null {
  if (template === undefined || template === '') return null;
  const parts = template.split(ORGANIZATION_URL_SLUG_PLACEHOLDER);
  const url = parts.join('slug');
  const isPath = url.startsWith('/') && !url.startsWith('//');
  const valid = isPath || (URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol));
  if (parts.length !== 2 || !valid) {
    throw new Error(
      `The organization URL template must be an http(s) URL or a path with ${ORGANIZATION_URL_SLUG_PLACEHOLDER} once ` +
        `(https://training.example/${ORGANIZATION_URL_SLUG_PLACEHOLDER}).`,
    );
  }
  return template;
}

/** A refused value stops the service at start with a reason, rather than failing on the first message. */
function smtpUrl(url: string): string {
  if (!URL.canParse(url) || !['smtp:', 'smtps:'].includes(new URL(url).protocol)) {
    throw new Error('The SMTP URL must look like smtp://host:port or smtps://user:password@host:465.');
  }
  return url;
}

function resolveSmsWebhook(options: SmsWebhookOptions): Required<SmsWebhookOptions> {
  if (!URL.canParse(options.url) || !['http:', 'https:'].includes(new URL(options.url).protocol)) {
    throw new Error('The SMS webhook URL must be an http(s) URL.');
  }
  // fetch refuses such URLs; the secret in the signature is the webhook's authentication.
  if (new URL(options.url).username || new URL(options.url).password) {
    throw new Error('The SMS webhook URL must not carry a user name or password; the request is signed instead.');
  }
  if (options.secret.length < SMS_WEBHOOK_SECRET_MIN_LENGTH) {
    throw new Error(
      `The SMS webhook secret must be at least ${SMS_WEBHOOK_SECRET_MIN_LENGTH} characters ` +
        '(e.g. openssl rand -hex 32).',
    );
  }
  return {
    url: options.url,
    secret: options.secret,
    attempts: options.attempts ?? SMS_WEBHOOK_ATTEMPTS,
    retryBaseDelayMs: options.retryBaseDelayMs ?? SMS_WEBHOOK_RETRY_BASE_DELAY_MS,
    attemptTimeoutMs: options.attemptTimeoutMs ?? SMS_WEBHOOK_ATTEMPT_TIMEOUT_MS,
  };
}

function writeLine(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** The public dev key exists for the local demo only: production without AUTH_SECRET_KEY does not start. */
function devOnlySecretKey(mode: ServiceMode): string {
  if (mode === 'production')
    throw new Error('AUTH_SECRET_KEY is required in production (32 random bytes, e.g. `openssl rand -hex 32`).');
  return DEV_SECRET_KEY;
}

/** A short secret, or production with the public development one, stops the service at start. */
function checkedProjectSecret(secret: string | null, mode: ServiceMode): string | null {
  if (secret === null) return null;
  if (secret.length < PROJECT_SECRET_MIN_LENGTH) {
    throw new Error(
      `PROJECT_SECRET must be at least ${PROJECT_SECRET_MIN_LENGTH} characters (e.g. \`openssl rand -hex 24\`).`,
    );
  }
  if (mode === 'production' && secret === DEV_PROJECT_SECRET) {
    throw new Error('PROJECT_SECRET is the public development secret: set a random one in production.');
  }
  return secret;
}

/** A key that does not parse stops the service at start, with a message naming the setting. */
function checkedSecretKey(key: string, name: string): string {
  parseSecretKey(key, name);
  return key;
}

/** A limit of 0, a fraction or NaN would refuse everything or nothing by accident: it stops the start instead. */
export function checkedTelemetryRetentionDays(value: number): number {
  if (!Number.isSafeInteger(value) || value < 1 || value > TELEMETRY_RETENTION_DAYS_MAX) {
    throw new Error(
      `TELEMETRY_RETENTION_DAYS must be a whole number of days, 1..${TELEMETRY_RETENTION_DAYS_MAX}, got ${value}`,
    );
  }
  return value;
}

function checkedSweepInterval(ms: number): number {
  if (!Number.isSafeInteger(ms) || ms <= 0) {
    throw new Error(`retentionSweepIntervalMs must be a positive whole number of milliseconds, got ${ms}`);
  }
  return ms;
}

function checkedLimit(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1.`);
  return value;
}

/**
 * Every provider needs a client id and a way to authenticate: its client secret, or for Apple the signing key (checked
 * here, so a wrong key stops the service at start instead of failing each sign-in).
 */
function checkedOAuthProviders(
  providers: Partial<Record<OAuthProvider, OAuthProviderCredentials>>,
): Partial<Record<OAuthProvider, OAuthProviderCredentials>> {
  for (const [provider, credentials] of Object.entries(providers)) {
    if (!credentials) continue;
    if (!credentials.clientId) throw new Error(`oauthProviders.${provider} needs a clientId.`);
    if (credentials.appleSigningKey) {
      if (provider !== 'apple') throw new Error(`oauthProviders.${provider}: appleSigningKey is for apple only.`);
      appleKeyObject(credentials.appleSigningKey);
    } else if (!credentials.clientSecret) {
      throw new Error(
        provider === 'apple'
          ? 'oauthProviders.apple needs an appleSigningKey (team id, key id, private key) or a clientSecret.'
          : `oauthProviders.${provider} needs a clientSecret.`,
      );
    }
  }
  return { ...providers };
}

/** Device fingerprinting's settings; the dev captcha announces DFP protection, so it turns OBSERVATION on. */
function checkedDfpSettings(options: Partial<DfpSettings> | undefined, devCaptcha: boolean): DfpSettings | null {
  if (!options && !devCaptcha) return null;
  const maxCallsPerDevice = options?.maxCallsPerDevice ?? DFP_DEFAULT_MAX_CALLS_PER_DEVICE;
  if (!Number.isSafeInteger(maxCallsPerDevice) || maxCallsPerDevice < 0) {
    throw new Error(
      `dfpProtectedAuth.maxCallsPerDevice must be a whole number of 0 or more, not ${maxCallsPerDevice}.`,
    );
  }
  return { mode: options?.mode ?? 'OBSERVATION', maxCallsPerDevice };
}

/** reCAPTCHA Enterprise's settings, checked at start: a wrong one would otherwise refuse every flagged visitor. */
function checkedRecaptcha(options: ServiceOptions, devCaptcha: boolean): Required<RecaptchaOptions> | null {
  const recaptcha = options.recaptcha;
  if (!recaptcha) return null;
  for (const name of ['siteKey', 'projectId', 'apiKey'] as const) {
    if (typeof recaptcha[name] !== 'string' || recaptcha[name].trim() === '') {
      throw new Error(`recaptcha.${name} must be a non-empty string.`);
    }
  }
  const minScore = recaptcha.minScore ?? RECAPTCHA_DEFAULT_MIN_SCORE;
  if (typeof minScore !== 'number' || !(minScore >= 0 && minScore <= 1)) {
    throw new Error(`recaptcha.minScore must be a number from 0 to 1, not ${minScore}.`);
  }
  const apiUrl = recaptcha.apiUrl ?? RECAPTCHA_API_URL;
  if (!URL.canParse(apiUrl) || !['http:', 'https:'].includes(new URL(apiUrl).protocol)) {
    throw new Error(`recaptcha.apiUrl must be an http(s) URL, not ${apiUrl}.`);
  }
  const timeoutMs = checkedLimit(recaptcha.timeoutMs ?? RECAPTCHA_TIMEOUT_MS, 'recaptcha.timeoutMs');
  if (!options.dfpProtectedAuth) {
    throw new Error(
      'recaptcha needs dfpProtectedAuth (DFP_PROTECTED_AUTH_ENABLED=true): only DECISIONING asks for a captcha.',
    );
  }
  if (devCaptcha) throw new Error('Set devCaptcha or recaptcha, not both: the dev captcha refuses real tokens.');
  return {
    siteKey: recaptcha.siteKey,
    projectId: recaptcha.projectId,
    apiKey: recaptcha.apiKey,
    minScore,
    apiUrl: apiUrl.replace(/\/+$/, ''),
    timeoutMs,
  };
}
