import { Hono } from 'hono';
import type { BootstrapResponse, CaptchaSettings } from '../../api/bootstrap.ts';
import type { ProjectConfig } from '../config.ts';
import type { AppEnv, Deps } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { Errors } from '../http/errors.ts';
import { secretsEqual } from '../security/tokens.ts';
import { DEV_CAPTCHA_SCRIPT_PATH, DEV_CAPTCHA_SITE_KEY } from '../constants/dev-mode.ts';
import { serviceOrigin } from '../http/request-meta.ts';

type BootstrapPayload = Omit<BootstrapResponse, 'request_id' | 'status_code'>;

/** GET /projects/bootstrap/:public_token: public project settings; no Authorization (the client calls it first). */
export function projectRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // PATHS.bootstrap() encodes its argument, so the route pattern is spelled out here.
  routes.get('/projects/bootstrap/:public_token', (c) => {
    const token = c.req.param('public_token');
    if (secretsEqual(token, deps.config.b2bPublicToken)) {
      return ok(c, b2bBootstrapDocument(deps, serviceOrigin(c, c.get('publicUrl'))));
    }
    if (!secretsEqual(token, deps.config.publicToken)) throw Errors.unknownPublicToken();
    return ok(c, bootstrapDocument(deps));
  });
  return routes;
}

export function bootstrapDocument({ config, captchaVerifier }: Deps): BootstrapPayload {
  return {
    project_name: config.projectName,
    disable_sdk_watermark: config.disableSdkWatermark,
    cname_domain: config.cnameDomain,
    email_domains: [...config.emailDomains],
    captcha_settings: captchaSettings(config, captchaVerifier),
    pkce_required_for_email_magic_links: config.pkceRequiredForEmailMagicLinks,
    pkce_required_for_password_resets: config.pkceRequiredForPasswordResets,
    pkce_required_for_oauth: config.pkceRequiredForOAuth,
    pkce_required_for_sso: false,
    slug_pattern: null,
    create_organization_enabled: false,
    password_config:
      config.passwordPolicy.kind === 'luds'
        ? { luds_complexity: config.passwordPolicy.complexity, luds_minimum_count: config.passwordPolicy.minimumCount }
        : null,
    dfp_protected_auth_enabled: config.dfp !== null,
    dfp_protected_auth_mode: config.dfp?.mode ?? 'OBSERVATION',
    rbac_policy: config.rbacPolicy,
    siwe_required_for_crypto_wallets: config.siweRequiredForCryptoWallets,
    vertical: config.vertical,
  };
}

/**
 * reCAPTCHA Enterprise's site key, with no `scriptUrl`, so the client loads Google's enterprise.js; else a captcha only
 * the dev stand-in solves, whose script on the service stands in for Google's; else none.
 */
function captchaSettings(config: ProjectConfig, captchaVerifier: Deps['captchaVerifier']): CaptchaSettings {
  if (config.recaptcha) return { enabled: true, siteKey: config.recaptcha.siteKey };
  if (!captchaVerifier) return { enabled: false };
  return { enabled: true, siteKey: DEV_CAPTCHA_SITE_KEY, scriptUrl: `${DEV_CAPTCHA_SCRIPT_PATH}?render=` };
}

/**
 * The B2B project's bootstrap: the same project seen through its organization API (`vertical: 'B2B'`), with the
 * organization URL template (`slug_pattern`, the hosted provider's name for it: its SDK finds the slug in the page's
 * URL with it), whether discovery may create organizations, and whether SSO needs PKCE.
 */
export function b2bBootstrapDocument(deps: Deps, origin: string): BootstrapPayload {
  return {
    ...bootstrapDocument(deps),
    pkce_required_for_sso: deps.config.pkceRequiredForSso,
    slug_pattern: organizationUrlTemplate(deps.config.organizationUrlTemplate, origin),
    create_organization_enabled: deps.config.createOrganizationEnabled,
    vertical: 'B2B',
  };
}

/** The configured template as an absolute URL: a path is on the service's origin, where its site is served. */
function organizationUrlTemplate(template: string | null, origin: string): string | null {
  return template?.startsWith('/') ? `${origin}${template}` : template;
}
