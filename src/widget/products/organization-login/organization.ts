// Which organization the page is for, and how it lets its members sign in: pure functions the machine and the screen
// share.
import type { OrganizationSearchResponse, SsoActiveConnection } from '../../../api/organizations.ts';
import type { ResolvedConfig } from '../../config.ts';
import { EMAIL_LINK_AUTH_METHOD, SLUG_PLACEHOLDER, SSO_AUTH_METHOD } from './constants.ts';

/** The organization a slug names, as the service describes it to a page that knows only the slug. */
export type SlugOrganization = NonNullable<OrganizationSearchResponse['organization']>;

/**
 * The slug in the page's URL (its query removed) by the organization URL template, as the hosted provider's SDK
 * reads it: dots literal, `*` one DNS label, the placeholder the rest. No template, or no match: null.
 */
export function slugFromUrl(template: string | null, url: string): string | null {
  if (!template || !URL.canParse(url)) return null;
  const page = new URL(url);
  page.search = '';
  let pattern: RegExp;
  try {
    pattern = new RegExp(template.replace(/\./g, '\\.').replace(/\*/g, '(?:[^.]+)').replace(SLUG_PLACEHOLDER, '(.+)'));
  } catch {
    return null;
  }
  return page.toString().trim().match(pattern)?.[1] || null;
}

/** The organization's slug: the config's, else the one in the page's URL. */
export function organizationSlug(config: ResolvedConfig, template: string | null, url: string): string | null {
  return config.organizationSlug || slugFromUrl(template, url);
}

/** How the page lets a member of `organization` sign in: the products it enables that the organization allows. */
export function signInMethods(
  config: ResolvedConfig,
  organization: SlugOrganization,
): { emailLink: boolean; connections: SsoActiveConnection[] } {
  const allows = (method: string) =>
    organization.auth_methods !== 'RESTRICTED' ||
    (organization.allowed_auth_methods as readonly string[]).includes(method);
  return {
    emailLink: config.products.includes('emailMagicLinks') && allows(EMAIL_LINK_AUTH_METHOD),
    connections: config.products.includes('sso') && allows(SSO_AUTH_METHOD) ? organization.sso_active_connections : [],
  };
}
