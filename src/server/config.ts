import type { RbacPolicy } from '../api/bootstrap.ts';
import {
  DEFAULT_EMAIL_DOMAINS,
  DEFAULT_PROJECT_ID,
  DEFAULT_PROJECT_NAME,
  DEFAULT_PUBLIC_TOKEN,
  SENDER_LOCAL_PART,
} from './constants.ts';
import type { DatabaseOptions } from './db/db.ts';
import type { PasswordPolicy } from './security/password-strength.ts';

export { DEFAULT_PUBLIC_TOKEN } from './constants.ts';

/** TODO(email delivery): real SMTP delivery next to the dev inbox; not used yet. */
export interface SmtpOptions {
  host: string;
  port: number;
  secure?: boolean;
  user?: string;
  password?: string;
}

/** Everything a caller may set; every field has a safe local default. */
export interface ServiceOptions {
  database?: DatabaseOptions;
  publicToken?: string;
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
  /** How strong a password must be: zxcvbn (score 3 or more, the default) or LUDS (published in the bootstrap). */
  passwordPolicy?: PasswordPolicy;
  pkceRequiredForPasswordResets?: boolean;
  rbacPolicy?: RbacPolicy;
  /** Serve the demo site from this folder (clean URLs and a 404 page). */
  siteDir?: string;
  /** Serve the built bundles from this folder at the root. */
  distDir?: string;
  /** The dev inbox routes; turn off in production. */
  devInbox?: boolean;
  /** Clock in milliseconds, used for every timestamp and expiry check, so tests can move time. */
  now?: () => number;
  smtp?: SmtpOptions;
}

/** The resolved configuration: no optional fields left except the static folders and SMTP. */
export interface ProjectConfig {
  publicToken: string;
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
  passwordPolicy: PasswordPolicy;
  pkceRequiredForPasswordResets: boolean;
  rbacPolicy: RbacPolicy;
  siteDir: string | undefined;
  distDir: string | undefined;
  devInbox: boolean;
  now: () => number;
  smtp: SmtpOptions | undefined;
}

export const DEFAULT_DATABASE: DatabaseOptions = { kind: 'memory' };

export function resolveConfig(options: ServiceOptions): ProjectConfig {
  const redirectUrls = [...(options.redirectUrls ?? [])];
  // The operator named the default explicitly, so it is trusted like an allowlist entry.
  if (options.defaultRedirectUrl && !redirectUrls.includes(options.defaultRedirectUrl)) {
    redirectUrls.push(options.defaultRedirectUrl);
  }
  const emailDomains = options.emailDomains?.length ? [...options.emailDomains] : [...DEFAULT_EMAIL_DOMAINS];
  return {
    publicToken: options.publicToken ?? DEFAULT_PUBLIC_TOKEN,
    projectId: options.projectId ?? DEFAULT_PROJECT_ID,
    projectName: options.projectName ?? DEFAULT_PROJECT_NAME,
    allowedOrigins: [...(options.allowedOrigins ?? [])],
    redirectUrls,
    defaultRedirectUrl: options.defaultRedirectUrl ?? redirectUrls[0] ?? null,
    emailDomains,
    senderAddress: `${SENDER_LOCAL_PART}@${emailDomains[0]}`,
    pkceRequiredForEmailMagicLinks: options.pkceRequiredForEmailMagicLinks ?? false,
    phoneRegions: options.phoneRegions ? options.phoneRegions.map((region) => region.toUpperCase()) : null,
    disableSdkWatermark: options.disableSdkWatermark ?? true,
    passwordPolicy: options.passwordPolicy ?? { kind: 'zxcvbn' },
    pkceRequiredForPasswordResets: options.pkceRequiredForPasswordResets ?? false,
    rbacPolicy: options.rbacPolicy ?? { roles: [], resources: [], scopes: [] },
    siteDir: options.siteDir,
    distDir: options.distDir,
    devInbox: options.devInbox ?? true,
    now: options.now ?? Date.now,
    smtp: options.smtp,
  };
}
