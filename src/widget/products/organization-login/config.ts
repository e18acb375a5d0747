// The organization login's part of the config (`authFlowType: 'Organization'`), in the hosted provider's
// organization config's names, and where its email link's options come from.
import type { ResolvedConfig } from '../../config.ts';

/** What a page may set for the organization login. */
export interface OrganizationLoginConfig {
  /**
   * The organization to sign in to, by its slug; absent, the slug is found in the page's URL with the project's
   * organization URL template (the bootstrap's `slug_pattern`).
   */
  organizationSlug?: string;
}

/** The same after defaults (none: absent, the page's URL names the organization). */
export type ResolvedOrganizationLoginConfig = OrganizationLoginConfig;

/**
 * The organization link's options as they go on the wire (the hosted provider's names), without the address and the
 * organization: the page's magic-link options (`emailMagicLinksOptions`), which the organization config shares with
 * the consumer one.
 */
export function organizationLinkWireOptions(config: ResolvedConfig) {
  const options = config.emailMagicLinksOptions;
  const wire: {
    login_redirect_url?: string;
    signup_redirect_url?: string;
    login_expiration_minutes?: number;
    signup_expiration_minutes?: number;
    login_template_id?: string;
    signup_template_id?: string;
    locale?: string;
  } = {
    login_expiration_minutes: options.loginExpirationMinutes,
    signup_expiration_minutes: options.signupExpirationMinutes,
  };
  if (options.loginRedirectURL) wire.login_redirect_url = options.loginRedirectURL;
  if (options.signupRedirectURL) wire.signup_redirect_url = options.signupRedirectURL;
  if (options.loginTemplateId) wire.login_template_id = options.loginTemplateId;
  if (options.signupTemplateId) wire.signup_template_id = options.signupTemplateId;
  if (options.locale) wire.locale = options.locale;
  return wire;
}
