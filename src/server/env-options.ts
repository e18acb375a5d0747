// The service options a deployment sets through environment variables (main.ts). Kept apart from main.ts, which
// listens as soon as it is imported, so the parsing can be tested. Every variable the service reads is parsed here
// (README, "Deploy", has the table).
import fs from 'node:fs';
import path from 'node:path';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../api/oauth.ts';
import {
  checkedTelemetryRetentionDays,
  type ConnectedAppConfig,
  type OAuthProviderCredentials,
  type RecaptchaOptions,
  type ServiceOptions,
} from './config.ts';
import {
  DEFAULT_DATA_DIR,
  DEFAULT_HOST,
  DEFAULT_PORT,
  MAX_SERVICE_PROCESSES,
  MAX_TRUST_PROXY,
} from './constants/deployment.ts';
import type { DatabaseOptions } from './db/db.ts';
import type { AppleSigningKey } from './security/apple-client-secret.ts';
import type { ListenOptions } from './listen.ts';
import { modeFromEnv } from './production-check.ts';
import { checkedRbacPolicy, checkedUserRoles } from './rbac-config.ts';
import type { SsoConnectionConfig } from './services/sso-config.ts';

type Env = Record<string, string | undefined>;

/**
 * The demo site's pages (demo-site/, which `npm start` and `node dist-server/main.js` serve) that receive sign-in
 * redirects on the service's own origin: the portal is the demo's target, and a student who signs in on the authorize
 * page (demo-site/oauth) by email link or social sign-in comes back to it, as one who signs in on the strict-CSP copy
 * of the portal (demo-site/csp) does. Site configuration, passed with the site's folder: the service has no paths of
 * its own to allow.
 */
export const DEMO_SITE_REDIRECT_PATHS: readonly string[] = [
  '/student-portal',
  '/',
  '/oauth/authorize',
  '/csp/student-portal',
  // Corporate training: the organization sign-in's discovery links and single sign-on come back to it.
  '/corporate-training',
];

/**
 * Everything main.ts passes to `startServer`, from the environment; `repoRoot` anchors DATA_DIR and the demo site.
 * A malformed value throws with the variable's name; whether the mode may start at all is production-check.ts.
 */
export function serviceOptionsFromEnv(env: Env, repoRoot: string): ListenOptions {
  const mode = modeFromEnv(env);
  const database: DatabaseOptions = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(repoRoot, env.DATA_DIR || DEFAULT_DATA_DIR) };
  const options: ListenOptions = {
    mode,
    port: port(env.PORT),
    hostname: env.HOST || DEFAULT_HOST,
    database,
    allowedOrigins: list(env.ALLOWED_ORIGINS),
    redirectUrls: list(env.REDIRECT_URLS),
    ...oauthOptionsFromEnv(env),
    trustProxy: trustProxy(env.TRUST_PROXY),
    siteDir: path.join(repoRoot, 'demo-site'),
    siteRedirectPaths: DEMO_SITE_REDIRECT_PATHS,
    distDir: path.join(repoRoot, 'dist'),
  };
  if (env.PUBLIC_TOKEN) options.publicToken = env.PUBLIC_TOKEN;
  if (env.B2B_PUBLIC_TOKEN) options.b2bPublicToken = env.B2B_PUBLIC_TOKEN;
  const createOrganization = booleanFlag('CREATE_ORGANIZATION_ENABLED', env.CREATE_ORGANIZATION_ENABLED);
  if (createOrganization !== undefined) options.createOrganizationEnabled = createOrganization;
  const pkceForSso = booleanFlag('PKCE_REQUIRED_FOR_SSO', env.PKCE_REQUIRED_FOR_SSO);
  if (pkceForSso !== undefined) options.pkceRequiredForSso = pkceForSso;
  if (env.ORGANIZATION_URL_TEMPLATE?.trim()) options.organizationUrlTemplate = env.ORGANIZATION_URL_TEMPLATE.trim();
  if (env.SMTP_URL) options.smtp = { url: env.SMTP_URL, ...(env.MAIL_FROM ? { from: env.MAIL_FROM } : {}) };
  const smsUrl = env.SMS_WEBHOOK_URL;
  const smsSecret = env.SMS_WEBHOOK_SECRET;
  if (smsUrl || smsSecret) {
    if (!smsUrl || !smsSecret) throw new Error('Set both SMS_WEBHOOK_URL and SMS_WEBHOOK_SECRET, or neither.');
    options.smsWebhook = { url: smsUrl, secret: smsSecret };
  }
  const connectedApps = connectedAppsFromEnv(env.CONNECTED_APPS);
  if (connectedApps) options.connectedApps = connectedApps;
  if (env.IDP_AUTHORIZE_URL) options.idpAuthorizeUrl = absoluteUrl('IDP_AUTHORIZE_URL', env.IDP_AUTHORIZE_URL);
  if (env.IDP_LOGOUT_URL) options.idpLogoutUrl = absoluteUrl('IDP_LOGOUT_URL', env.IDP_LOGOUT_URL);
  if (env.AUTH_SECRET_KEY) options.secretKey = env.AUTH_SECRET_KEY;
  if (env.PROJECT_SECRET) options.projectSecret = env.PROJECT_SECRET;
  const previous = list(env.AUTH_SECRET_KEY_PREVIOUS);
  if (previous.length) options.previousSecretKeys = previous;
  const siweRequired = booleanFlag('SIWE_REQUIRED', env.SIWE_REQUIRED);
  if (siweRequired !== undefined) options.siweRequiredForCryptoWallets = siweRequired;
  const rbacPolicy = jsonSetting(env, 'RBAC_POLICY', repoRoot);
  if (rbacPolicy) options.rbacPolicy = checkedRbacPolicy(rbacPolicy.value, rbacPolicy.source);
  const userRoles = jsonSetting(env, 'USER_ROLES', repoRoot);
  if (userRoles) options.userRoles = checkedUserRoles(userRoles.value, userRoles.source);
  const ssoConnections = jsonSetting(env, 'SSO_CONNECTIONS', repoRoot);
  if (ssoConnections) options.ssoConnections = ssoConnectionList(ssoConnections.value, ssoConnections.source);
  const dfp = dfpFromEnv(env);
  if (dfp) options.dfpProtectedAuth = dfp;
  const recaptcha = recaptchaFromEnv(env);
  if (recaptcha) options.recaptcha = recaptcha;
  const telemetryDays = env.TELEMETRY_RETENTION_DAYS?.trim();
  if (telemetryDays) options.telemetryRetentionDays = telemetryRetentionDays(telemetryDays);
  return options;
}

/**
 * A JSON setting given inline (`<NAME>`, handy in a container's environment) or as a file (`<NAME>_FILE`, for a
 * policy or a role list too long for one line; a relative path is from the repository root, like DATA_DIR). Neither
 * set: undefined. `source` names where the value came from, for the shape check's errors.
 */
function jsonSetting(env: Env, name: string, repoRoot: string): { value: unknown; source: string } | undefined {
  const inline = env[name]?.trim() || undefined;
  const file = env[`${name}_FILE`]?.trim() || undefined;
  if (inline && file) throw new Error(`Set ${name} or ${name}_FILE, not both.`);
  if (inline) return { value: parsedJson(inline, name), source: name };
  if (!file) return undefined;
  const filePath = path.resolve(repoRoot, file);
  const source = `${name}_FILE (${filePath})`;
  let text: string;
  try {
    text = fs.readFileSync(filePath, 'utf8');
  } catch (error) {
    throw new Error(`${source} cannot be read: ${(error as Error).message}`);
  }
  return { value: parsedJson(text, source), source };
}

function parsedJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * SSO_CONNECTIONS: a JSON array of organizations' SSO connections (README, "Enterprise SSO"). Only the JSON shape is
 * checked here; what a connection must contain is checked with every other option at start (services/sso-config.ts).
 */
function ssoConnectionList(value: unknown, source: string): SsoConnectionConfig[] {
  if (
    !Array.isArray(value) ||
    !value.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))
  ) {
    throw new Error(
      `${source} must be a JSON array of SSO connections (objects with connection_id, organization_slug, ...).`,
    );
  }
  return value as SsoConnectionConfig[];
}

/**
 * SERVICE_PROCESSES: how many service processes share the port (cluster.ts); absent, empty or 0 is one. More than one
 * needs PostgreSQL: the embedded database is a folder only one process may open, so a second process could not start.
 */
export function serviceProcessesFromEnv(env: Env): number {
  const value = env.SERVICE_PROCESSES;
  if (value === undefined || value === '') return 1;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed > MAX_SERVICE_PROCESSES) {
    throw new Error(
      `SERVICE_PROCESSES must be the number of service processes, 0..${MAX_SERVICE_PROCESSES}, got ${value}`,
    );
  }
  const processes = Math.max(parsed, 1);
  if (processes > 1 && !env.DATABASE_URL) {
    throw new Error(
      `SERVICE_PROCESSES=${value} needs PostgreSQL (DATABASE_URL): ` +
        'the embedded database (PGlite) is opened by one process only.',
    );
  }
  return processes;
}

/** TELEMETRY_RETENTION_DAYS: whole days; the range is checked with the other options (config.ts). */
function telemetryRetentionDays(value: string): number {
  if (!/^\d+$/.test(value)) throw new Error(`TELEMETRY_RETENTION_DAYS must be a whole number of days, got ${value}`);
  return checkedTelemetryRetentionDays(Number(value));
}

/**
 * Device fingerprinting (config.ts, `dfpProtectedAuth`): DFP_PROTECTED_AUTH_ENABLED=true turns it on, in
 * DFP_PROTECTED_AUTH_MODE (OBSERVATION, the default, or DECISIONING) with DFP_MAX_CALLS_PER_DEVICE (a whole number)
 * as the DECISIONING rule's daily budget. Either of the last two without the first is refused: it would do nothing.
 */
function dfpFromEnv(env: Env): ServiceOptions['dfpProtectedAuth'] {
  const enabled = booleanFlag('DFP_PROTECTED_AUTH_ENABLED', env.DFP_PROTECTED_AUTH_ENABLED);
  const mode = env.DFP_PROTECTED_AUTH_MODE?.trim();
  const max = env.DFP_MAX_CALLS_PER_DEVICE?.trim();
  if (!enabled) {
    if (mode || max)
      throw new Error('DFP_PROTECTED_AUTH_MODE and DFP_MAX_CALLS_PER_DEVICE need DFP_PROTECTED_AUTH_ENABLED=true');
    return undefined;
  }
  if (mode && mode !== 'OBSERVATION' && mode !== 'DECISIONING') {
    throw new Error(`DFP_PROTECTED_AUTH_MODE must be OBSERVATION or DECISIONING, got ${mode}`);
  }
  if (max && !/^\d+$/.test(max)) throw new Error(`DFP_MAX_CALLS_PER_DEVICE must be a whole number, got ${max}`);
  return {
    ...(mode ? { mode: mode as 'OBSERVATION' | 'DECISIONING' } : {}),
    ...(max ? { maxCallsPerDevice: Number(max) } : {}),
  };
}

/** reCAPTCHA Enterprise's key, Google Cloud project and API key (config.ts, `recaptcha`): all three or none. */
export const RECAPTCHA_KEY_ENV = {
  siteKey: 'RECAPTCHA_SITE_KEY',
  projectId: 'RECAPTCHA_PROJECT_ID',
  apiKey: 'RECAPTCHA_API_KEY',
} as const;

/**
 * reCAPTCHA Enterprise (config.ts, `recaptcha`): RECAPTCHA_KEY_ENV all set turns it on, with RECAPTCHA_MIN_SCORE (a
 * number from 0 to 1) and RECAPTCHA_API_URL (an absolute URL) replacing the defaults. A partial set, or either of the
 * last two alone, stops the start: it would leave flagged visitors no captcha to solve.
 */
function recaptchaFromEnv(env: Env): RecaptchaOptions | undefined {
  const keys = allOrNone(env, RECAPTCHA_KEY_ENV);
  const minScore = env.RECAPTCHA_MIN_SCORE?.trim();
  const apiUrl = env.RECAPTCHA_API_URL?.trim();
  if (!keys) {
    if (minScore || apiUrl) {
      throw new Error(`RECAPTCHA_MIN_SCORE and RECAPTCHA_API_URL need ${Object.values(RECAPTCHA_KEY_ENV).join(', ')}`);
    }
    return undefined;
  }
  if (minScore && (!/^\d+(\.\d+)?$/.test(minScore) || Number(minScore) > 1)) {
    throw new Error(`RECAPTCHA_MIN_SCORE must be a number from 0 to 1, got ${minScore}`);
  }
  return {
    ...keys,
    ...(minScore ? { minScore: Number(minScore) } : {}),
    ...(apiUrl ? { apiUrl: absoluteUrl('RECAPTCHA_API_URL', apiUrl) } : {}),
  };
}

/**
 * A true/false switch: `true` or `false` (any case, spaces around ignored); absent or empty leaves the option to its
 * default. Anything else is refused at start rather than read as one or the other.
 */
function booleanFlag(name: string, value: string | undefined): boolean | undefined {
  const text = value?.trim().toLowerCase();
  if (text === undefined || text === '') return undefined;
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new Error(`${name} must be true or false, got ${value}`);
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65_535)
    throw new Error(`PORT must be 0..65535, got ${value}`);
  return parsed;
}

function trustProxy(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed > MAX_TRUST_PROXY) {
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the service, 0..${MAX_TRUST_PROXY}, got ${value}`,
    );
  }
  return parsed;
}

/**
 * The variable names of a provider's credentials: OAUTH_GOOGLE_CLIENT_ID, OAUTH_GOOGLE_CLIENT_SECRET,
 * OAUTH_GOOGLE_ISSUER.
 */
export function oauthEnvNames(provider: OAuthProvider) {
  const prefix = `OAUTH_${provider.toUpperCase()}_`;
  return { clientId: `${prefix}CLIENT_ID`, clientSecret: `${prefix}CLIENT_SECRET`, issuer: `${prefix}ISSUER` };
}

/**
 * Apple's signing key for its client secret JWT: OAUTH_APPLE_TEAM_ID, OAUTH_APPLE_KEY_ID and OAUTH_APPLE_PRIVATE_KEY
 * (the .p8 file's PEM text; `\n` may stand for its line breaks, since one-line variables are the norm).
 */
export const APPLE_KEY_ENV = {
  teamId: 'OAUTH_APPLE_TEAM_ID',
  keyId: 'OAUTH_APPLE_KEY_ID',
  privateKey: 'OAUTH_APPLE_PRIVATE_KEY',
} as const;

function appleSigningKeyFromEnv(env: Env): AppleSigningKey | undefined {
  const values = allOrNone(env, APPLE_KEY_ENV);
  return values && { ...values, privateKey: values.privateKey.replaceAll('\\n', '\n') };
}

/**
 * Variables that mean something only together (`names` by option key): their values when all are set, undefined when
 * none is (blank counts as unset), and a start-up error naming them all when only some are.
 */
function allOrNone<const TKey extends string>(env: Env, names: Record<TKey, string>): Record<TKey, string> | undefined {
  const entries = Object.entries<string>(names).map(([key, name]) => [key, env[name]?.trim() ?? ''] as const);
  const set = entries.filter(([, value]) => value !== '').length;
  if (set === 0) return undefined;
  if (set < entries.length) throw new Error(`Set all of ${Object.values(names).join(', ')}, or none.`);
  return Object.fromEntries(entries) as Record<TKey, string>;
}

/**
 * Real social providers from `OAUTH_<PROVIDER>_CLIENT_ID` and `_CLIENT_SECRET` (both, or the provider is left to the
 * dev identity provider; Apple takes its signing key, APPLE_KEY_ENV, instead of the secret), with `_ISSUER` overriding
 * the provider's well-known OpenID Connect issuer; Google One Tap
 * from `GOOGLE_ONE_TAP_CLIENT_ID`; the public origin from `PUBLIC_URL`. A half-configured provider is an error at
 * start, not a sign-in that fails later.
 */
export function oauthOptionsFromEnv(
  env: Env,
): Pick<ServiceOptions, 'oauthProviders' | 'googleOneTapClientId' | 'publicUrl'> {
  const oauthProviders: Partial<Record<OAuthProvider, OAuthProviderCredentials>> = {};
  for (const provider of OAUTH_PROVIDERS) {
    const names = oauthEnvNames(provider);
    const clientId = env[names.clientId];
    const clientSecret = env[names.clientSecret];
    const issuer = env[names.issuer];
    if (provider === 'apple') {
      const appleSigningKey = appleSigningKeyFromEnv(env);
      if (!clientId && !clientSecret && !appleSigningKey) continue;
      if (!clientId || (!clientSecret && !appleSigningKey)) {
        throw new Error(
          `Set ${names.clientId} with ${Object.values(APPLE_KEY_ENV).join(', ')} (or ${names.clientSecret}), or none.`,
        );
      }
      oauthProviders.apple = {
        clientId,
        ...(clientSecret ? { clientSecret } : {}),
        ...(appleSigningKey ? { appleSigningKey } : {}),
        ...(issuer ? { issuer } : {}),
      };
      continue;
    }
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret)
      throw new Error(`Set both ${names.clientId} and ${names.clientSecret}, or neither.`);
    oauthProviders[provider] = { clientId, clientSecret, ...(issuer ? { issuer } : {}) };
  }
  const options: Pick<ServiceOptions, 'oauthProviders' | 'googleOneTapClientId' | 'publicUrl'> = {};
  if (Object.keys(oauthProviders).length) options.oauthProviders = oauthProviders;
  if (env.GOOGLE_ONE_TAP_CLIENT_ID) options.googleOneTapClientId = env.GOOGLE_ONE_TAP_CLIENT_ID;
  if (env.PUBLIC_URL) options.publicUrl = env.PUBLIC_URL;
  return options;
}

/**
 * CONNECTED_APPS: a JSON array of connected apps (README, "Connected apps"). Only the JSON shape is checked here; what
 * an app must contain is checked with every other config at start (connected-apps.ts).
 */
export function connectedAppsFromEnv(value: string | undefined): ConnectedAppConfig[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new Error(`CONNECTED_APPS must be a JSON array of connected apps: ${(error as Error).message}`);
  }
  if (
    !Array.isArray(parsed) ||
    !parsed.every((app) => typeof app === 'object' && app !== null && !Array.isArray(app))
  ) {
    throw new Error(
      'CONNECTED_APPS must be a JSON array of connected apps (objects with client_id, name, client_type, ...).',
    );
  }
  return parsed as ConnectedAppConfig[];
}

function absoluteUrl(name: string, value: string): string {
  try {
    return new URL(value).href;
  } catch {
    throw new Error(`${name} must be an absolute URL, got ${value}`);
  }
}
