// Discovery: an email link or passcode proves an address without naming an organization; the address's organizations
// are listed, and one is picked (exchange) or made (create). Shapes as the hosted provider's B2B SDK sends and reads.
import type { ResponseCommon } from './envelope.ts';
import type { Member, MfaRequired, Organization, PrimaryRequired } from './organizations.ts';

/**
 * How the proven address relates to an organization: a member already (active, pending, invited), or an address the
 * organization admits by its email domain (`email_jit_provisioning: 'RESTRICTED'` and a matching allowed domain).
 */
export type DiscoveredMembership =
  | { type: 'active_member' | 'pending_member' | 'invited_member'; details: null; member: Member }
  | { type: 'eligible_to_join_by_email_domain'; details: { domain: string }; member: null };

export interface DiscoveredOrganization {
  organization: Organization;
  membership: DiscoveredMembership;
  /** Whether exchanging into this organization now gives a session (no factor missing). */
  member_authenticated: boolean;
  primary_required: PrimaryRequired | null;
  mfa_required: MfaRequired | null;
}

/** POST /b2b/magic_links/email/discovery/send */
export interface DiscoveryMagicLinkSendRequest {
  email_address: string;
  discovery_redirect_url?: string;
  pkce_code_challenge?: string;
  login_template_id?: string;
  locale?: string;
  discovery_expiration_minutes?: number;
}

/** POST /b2b/magic_links/discovery/authenticate */
export interface DiscoveryMagicLinkAuthenticateRequest {
  discovery_magic_links_token: string;
  pkce_code_verifier?: string;
}

/** POST /b2b/otps/email/discovery/send */
export interface DiscoveryOtpSendRequest {
  email_address: string;
  login_template_id?: string;
  locale?: string;
  discovery_expiration_minutes?: number;
}

/** POST /b2b/otps/email/discovery/authenticate */
export interface DiscoveryOtpAuthenticateRequest {
  code: string;
  email_address: string;
}

/** What the discovery authenticate calls answer: the proven address, its token, and its organizations. */
export interface DiscoveryAuthenticateResponse extends ResponseCommon {
  intermediate_session_token: string;
  email_address: string;
  discovered_organizations: DiscoveredOrganization[];
}

/** POST /b2b/discovery/organizations: by the intermediate session token, or by a member session. */
export interface DiscoveryOrganizationsResponse extends ResponseCommon {
  email_address: string;
  discovered_organizations: DiscoveredOrganization[];
  /** The organization the intermediate session is bound to, if any; null for a member session. */
  organization_id_hint: string | null;
}

/** POST /b2b/discovery/intermediate_sessions/exchange */
export interface IntermediateSessionExchangeRequest {
  intermediate_session_token: string;
  organization_id: string;
  session_duration_minutes: number;
  locale?: string;
}

/** POST /b2b/discovery/organizations/create; a name and slug left out are made from the proven address. */
export interface DiscoveryOrganizationCreateRequest {
  intermediate_session_token: string;
  session_duration_minutes: number;
  organization_name?: string;
  organization_slug?: string;
  organization_logo_url?: string;
  email_allowed_domains?: string[];
  email_jit_provisioning?: 'RESTRICTED' | 'NOT_ALLOWED';
  sso_jit_provisioning?: 'ALL_ALLOWED' | 'RESTRICTED' | 'NOT_ALLOWED';
  auth_methods?: 'ALL_ALLOWED' | 'RESTRICTED';
  allowed_auth_methods?: string[];
  mfa_policy?: 'REQUIRED_FOR_ALL' | 'OPTIONAL';
}
