// The organization discovery part of the config, in the hosted provider's organization config's names: what happens
// once the link has proven the address (direct sign-in, creating an organization), and the discovery link's own
// options, which that config keeps in `emailMagicLinksOptions` beside the consumer link's.
import type { ResolvedConfig } from '../../config.ts';

/** Signs the member straight in when the address is an active member of exactly one organization. */
export interface DirectLoginForSingleMembership {
  status: boolean;
  /** …even with pending invitations elsewhere. */
  ignoreInvites: boolean;
  /** …even with organizations the address may join by its email domain. */
  ignoreJitProvisioning: boolean;
}

/** What a page may set for discovery (the element's `config`, with `authFlowType: 'Discovery'`). */
export interface DiscoveryConfig {
  directLoginForSingleMembership?: DirectLoginForSingleMembership;
  /** With no organization to pick, creates one at once (when the project lets visitors create organizations). */
  directCreateOrganizationForNoMembership?: boolean;
  /** Never offers to create an organization, even when the project allows it. */
  disableCreateOrganization?: boolean;
  /** The discovery link's options, beside the consumer link's in the same object (the hosted provider's names). */
  emailMagicLinksOptions?: DiscoveryLinkOptions;
}

export interface DiscoveryLinkOptions {
  /** Where the discovery link leads (the page that shows this element); relative URLs resolve against the page. */
  discoveryRedirectURL?: string;
  discoveryExpirationMinutes?: number;
  loginTemplateId?: string;
  locale?: string;
}

/** The same after defaults. */
export interface ResolvedDiscoveryConfig {
  discovery?: {
    directLoginForSingleMembership: DirectLoginForSingleMembership | null;
    directCreateOrganizationForNoMembership: boolean;
    disableCreateOrganization: boolean;
  };
  emailMagicLinksOptions?: DiscoveryLinkOptions;
}

/** The discovery send's options as they go on the wire (the hosted provider's names), without the address. */
export function discoveryWireOptions(config: ResolvedConfig, pageUrl: string | undefined) {
  const options: DiscoveryLinkOptions = config.emailMagicLinksOptions ?? {};
  const wire: {
    discovery_redirect_url?: string;
    discovery_expiration_minutes?: number;
    login_template_id?: string;
    locale?: string;
  } = {};
  if (options.discoveryRedirectURL) wire.discovery_redirect_url = absolute(options.discoveryRedirectURL, pageUrl);
  if (options.discoveryExpirationMinutes) wire.discovery_expiration_minutes = options.discoveryExpirationMinutes;
  if (options.loginTemplateId) wire.login_template_id = options.loginTemplateId;
  if (options.locale) wire.locale = options.locale;
  return wire;
}

function absolute(url: string, base: string | undefined): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}
