import type { ResponseCommon } from './envelope.ts';

export interface RbacPermission {
  resource_id: string;
  actions: string[];
}
export interface RbacRole {
  role_id: string;
  description: string;
  permissions: RbacPermission[];
}
export interface RbacResource {
  resource_id: string;
  description: string;
  actions: string[];
}
export interface RbacScope {
  scope: string;
  description: string;
  permissions: RbacPermission[];
}
/** The action a permission lists to allow every action on its resource. */
export const RBAC_WILDCARD_ACTION = '*';

export interface RbacPolicy {
  roles: RbacRole[];
  resources: RbacResource[];
  scopes: RbacScope[];
}

/**
 * The action every captcha token is made for and checked against (wire contract 1.5): the client asks
 * `grecaptcha.enterprise.execute(siteKey, { action })` for it, and the service's assessment expects it.
 */
export const RECAPTCHA_ACTION = 'LOGIN';

export type CaptchaSettings =
  | { enabled: false }
  | {
      enabled: true;
      siteKey: string;
      /**
       * Not the provider's: where to load the captcha script from instead of reCAPTCHA Enterprise's, the site key
       * appended (a URL ending in `?render=`, relative to the service). Our service names its dev captcha's stand-in
       * here in development; absent, the client loads Google's script.
       */
      scriptUrl?: string;
    };
export type DfpMode = 'OBSERVATION' | 'DECISIONING';

/** GET /projects/bootstrap/{public_token} → data (wire contract 2.9). */
export interface BootstrapResponse extends ResponseCommon {
  project_name: string;
  disable_sdk_watermark: boolean;
  cname_domain: string | null;
  email_domains: string[];
  captcha_settings: CaptchaSettings;
  pkce_required_for_email_magic_links: boolean;
  pkce_required_for_password_resets: boolean;
  pkce_required_for_oauth: boolean;
  pkce_required_for_sso: boolean;
  slug_pattern: string | null;
  create_organization_enabled: boolean;
  password_config: null | { luds_complexity: number; luds_minimum_count: number };
  dfp_protected_auth_enabled?: boolean;
  dfp_protected_auth_mode?: DfpMode | null;
  rbac_policy?: RbacPolicy | null;
  siwe_required_for_crypto_wallets: boolean;
  vertical: 'CONSUMER' | 'B2B';
}

/** The client's camelCase view of the bootstrap document (cached in localStorage). */
export interface BootstrapData {
  projectName: string;
  displayWatermark: boolean;
  cnameDomain: string | null;
  emailDomains: string[];
  captchaSettings: CaptchaSettings;
  pkceRequiredForEmailMagicLinks: boolean;
  pkceRequiredForPasswordResets: boolean;
  pkceRequiredForOAuth: boolean;
  pkceRequiredForSso: boolean;
  slugPattern: string | null;
  createOrganizationEnabled: boolean;
  passwordConfig: null | { ludsComplexity: number; ludsMinimumCount: number };
  runDFPProtectedAuth: boolean;
  dfpProtectedAuthMode: DfpMode;
  rbacPolicy: RbacPolicy | null;
  siweRequiredForCryptoWallets: boolean;
  vertical: 'CONSUMER' | 'B2B';
}

/** What the client uses when the bootstrap request fails (wire contract 2.9). */
export const DEFAULT_BOOTSTRAP: BootstrapData = {
  projectName: '',
  displayWatermark: false,
  cnameDomain: null,
  emailDomains: ['stytch.com'],
  captchaSettings: { enabled: false },
  pkceRequiredForEmailMagicLinks: false,
  pkceRequiredForPasswordResets: false,
  pkceRequiredForOAuth: false,
  pkceRequiredForSso: false,
  slugPattern: null,
  createOrganizationEnabled: false,
  passwordConfig: null,
  runDFPProtectedAuth: false,
  dfpProtectedAuthMode: 'OBSERVATION',
  rbacPolicy: null,
  siweRequiredForCryptoWallets: false,
  vertical: 'CONSUMER',
};

export function toBootstrapData(wire: BootstrapResponse): BootstrapData {
  return {
    projectName: wire.project_name,
    displayWatermark: !wire.disable_sdk_watermark,
    cnameDomain: wire.cname_domain,
    emailDomains: wire.email_domains,
    captchaSettings: wire.captcha_settings,
    pkceRequiredForEmailMagicLinks: wire.pkce_required_for_email_magic_links,
    pkceRequiredForPasswordResets: wire.pkce_required_for_password_resets,
    pkceRequiredForOAuth: wire.pkce_required_for_oauth,
    pkceRequiredForSso: wire.pkce_required_for_sso,
    slugPattern: wire.slug_pattern,
    createOrganizationEnabled: wire.create_organization_enabled,
    passwordConfig: wire.password_config
      ? {
          ludsComplexity: wire.password_config.luds_complexity,
          ludsMinimumCount: wire.password_config.luds_minimum_count,
        }
      : null,
    runDFPProtectedAuth: wire.dfp_protected_auth_enabled ?? false,
    dfpProtectedAuthMode: wire.dfp_protected_auth_mode ?? 'OBSERVATION',
    rbacPolicy: wire.rbac_policy ?? null,
    siweRequiredForCryptoWallets: wire.siwe_required_for_crypto_wallets,
    vertical: wire.vertical,
  };
}
