// The organization (B2B) product's objects and calls, shaped as the hosted provider's B2B SDK sends and reads them
// (its `Organization`, `Member`, `MemberSession` and authenticate responses), so its B2B headless client works against
// our service. Discovery's own shapes are in discovery.ts.
import type { ResponseCommon } from './envelope.ts';

/** The `/sdk/v1` paths of the organization product served by the core (SSO and MFA name theirs in their modules). */
export const B2B_PATHS = {
  magicLinksEmailDiscoverySend: '/b2b/magic_links/email/discovery/send',
  magicLinksDiscoveryAuthenticate: '/b2b/magic_links/discovery/authenticate',
  magicLinksEmailLoginOrSignup: '/b2b/magic_links/email/login_or_signup',
  magicLinksAuthenticate: '/b2b/magic_links/authenticate',
  otpsEmailDiscoverySend: '/b2b/otps/email/discovery/send',
  otpsEmailDiscoveryAuthenticate: '/b2b/otps/email/discovery/authenticate',
  discoveryOrganizations: '/b2b/discovery/organizations',
  discoveryOrganizationsCreate: '/b2b/discovery/organizations/create',
  discoveryIntermediateSessionsExchange: '/b2b/discovery/intermediate_sessions/exchange',
  organizationsMe: '/b2b/organizations/me',
  organizationsSearch: '/b2b/organizations/search',
  membersMe: '/b2b/organizations/members/me',
  membersSearch: '/b2b/organizations/members/search',
  sessionsAuthenticate: '/b2b/sessions/authenticate',
  sessionsRevoke: '/b2b/sessions/revoke',
} as const;

/**
 * The `stytch_token_type` of the organization product's email links: a discovery link (no organization yet) and a
 * login or sign-up link into one organization, as the hosted provider names them.
 */
export const B2B_TOKEN_TYPES = { discovery: 'discovery', organizationLink: 'multi_tenant_magic_links' } as const;

export type JitProvisioning = 'ALL_ALLOWED' | 'RESTRICTED' | 'NOT_ALLOWED';
export type MfaPolicy = 'REQUIRED_FOR_ALL' | 'OPTIONAL';
/** The primary factors an organization may restrict itself to (`allowed_auth_methods`). */
export const ORGANIZATION_AUTH_METHODS = [
  'sso',
  'magic_link',
  'email_otp',
  'password',
  'google_oauth',
  'microsoft_oauth',
  'hubspot_oauth',
  'slack_oauth',
  'github_oauth',
] as const;
export type OrganizationAuthMethod = (typeof ORGANIZATION_AUTH_METHODS)[number];
/** The second factors an organization may restrict itself to (`allowed_mfa_methods`). */
export const ORGANIZATION_MFA_METHODS = ['totp', 'sms_otp'] as const;
export type OrganizationMfaMethod = (typeof ORGANIZATION_MFA_METHODS)[number];

export interface SsoActiveConnection {
  connection_id: string;
  display_name: string;
  identity_provider: string;
}

export interface Organization {
  organization_id: string;
  organization_name: string;
  organization_slug: string;
  organization_logo_url: string;
  trusted_metadata: Record<string, unknown>;
  email_allowed_domains: string[];
  email_jit_provisioning: 'RESTRICTED' | 'NOT_ALLOWED';
  email_invites: JitProvisioning;
  sso_jit_provisioning: JitProvisioning;
  sso_jit_provisioning_allowed_connections: string[];
  sso_active_connections: SsoActiveConnection[];
  sso_default_connection_id: string | null;
  scim_active_connection: null;
  oauth_tenant_jit_provisioning: 'RESTRICTED' | 'NOT_ALLOWED';
  allowed_oauth_tenants: Record<string, string[]>;
  auth_methods: 'ALL_ALLOWED' | 'RESTRICTED';
  allowed_auth_methods: OrganizationAuthMethod[];
  mfa_policy: MfaPolicy;
  mfa_methods: 'ALL_ALLOWED' | 'RESTRICTED';
  allowed_mfa_methods: OrganizationMfaMethod[];
  created_at: string;
  updated_at: string;
}

/** A role of a member and why it has it (the hosted provider's `MemberRole`). */
interface MemberRole {
  role_id: string;
  sources: { type: 'direct_assignment'; details: Record<string, never> }[];
}

export type MemberStatus = 'active' | 'pending' | 'invited' | 'deleted';

export interface Member {
  organization_id: string;
  member_id: string;
  email_address: string;
  email_address_verified: boolean;
  retired_email_addresses: { email_id?: string; email_address?: string }[];
  status: MemberStatus;
  name: string;
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  sso_registrations: { connection_id: string; external_id: string; registration_id: string }[];
  is_breakglass: boolean;
  is_admin: boolean;
  /** Empty: members have no passwords in this service. */
  member_password_id: string;
  mfa_enrolled: boolean;
  mfa_phone_number: string;
  mfa_phone_number_verified: boolean;
  roles: MemberRole[];
  default_mfa_method: '' | OrganizationMfaMethod;
  /** The member's verified TOTP registration, or empty. */
  totp_registration_id: string;
  oauth_registrations: never[];
}

interface FactorCommon {
  type: string;
  last_authenticated_at: string;
  /** Whether the factor was the first one (an email, SSO) or the second (MFA). */
  sequence_order: 'PRIMARY' | 'SECONDARY';
}

export interface MemberEmailFactor extends FactorCommon {
  delivery_method: 'email';
  email_factor: { email_id: string; email_address: string };
}
interface MemberPhoneNumberFactor extends FactorCommon {
  delivery_method: 'sms';
  phone_number_factor: { phone_id: string; phone_number: string };
}
export interface MemberSsoFactor extends FactorCommon {
  delivery_method: 'sso_saml' | 'sso_oidc';
  saml_sso_factor?: { id: string; provider_id: string; external_id: string };
  oidc_sso_factor?: { id: string; provider_id: string; external_id: string };
}
export interface MemberAuthenticatorAppFactor extends FactorCommon {
  delivery_method: 'authenticator_app';
  authenticator_app_factor: { totp_id: string };
}
export interface MemberRecoveryCodeFactor extends FactorCommon {
  delivery_method: 'recovery_code';
  recovery_code_factor: { totp_recovery_code_id: string };
}

/** One entry of `member_session.authentication_factors`, in the order the factors were proven. */
export type MemberAuthenticationFactor =
  | MemberEmailFactor
  | MemberPhoneNumberFactor
  | MemberSsoFactor
  | MemberAuthenticatorAppFactor
  | MemberRecoveryCodeFactor;

export interface MemberSession {
  member_session_id: string;
  member_id: string;
  organization_id: string;
  organization_slug: string;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  authentication_factors: MemberAuthenticationFactor[];
  custom_claims: Record<string, unknown> | null;
  roles: string[];
}

/** What the member can finish MFA with: null when nothing is enrolled yet (the member must enroll). */
export interface MfaRequired {
  member_options: { mfa_phone_number: string; totp_registration_id: string } | null;
  /** 'sms_otp' when a passcode was already sent to the member's phone. */
  secondary_auth_initiated: 'sms_otp' | null;
}

/** The organization accepts other primary factors than the one used: the member must use one of these first. */
export interface PrimaryRequired {
  allowed_auth_methods: OrganizationAuthMethod[];
}

/**
 * Every call that ends a member's primary or secondary factor (magic link, exchange, create, SSO, MFA): a member
 * session (`member_authenticated: true`) or, when a factor is still missing, an intermediate session token bound to
 * the organization and member (`member_session: null`, `mfa_required` or `primary_required` saying what is missing).
 */
export interface MemberAuthenticateResponse extends ResponseCommon {
  member_id: string;
  member: Member;
  organization_id: string;
  organization: Organization;
  member_authenticated: boolean;
  member_session: MemberSession | null;
  /** Empty when no session was made. */
  session_token: string;
  session_jwt: string;
  /** Empty when a session was made. */
  intermediate_session_token: string;
  mfa_required: MfaRequired | null;
  primary_required: PrimaryRequired | null;
}

/** POST /b2b/magic_links/authenticate and the like add the link's method. */
export interface MemberMagicLinkAuthenticateResponse extends MemberAuthenticateResponse {
  method_id: string;
}

/** POST /b2b/sessions/authenticate: the live session, refreshed. */
export interface MemberSessionAuthenticateResponse extends ResponseCommon {
  member_id: string;
  member: Member;
  organization: Organization;
  member_session: MemberSession;
  session_token: string;
  session_jwt: string;
}

/** GET /b2b/organizations/members/me (and what member updates answer). */
export interface MemberResponse extends ResponseCommon {
  member_id: string;
  member: Member;
  organization: Organization;
}

/** GET /b2b/organizations/me */
export interface OrganizationGetResponse extends ResponseCommon {
  organization: Organization;
}

/** POST /b2b/organizations/search: an organization by its slug, as a page that knows only the slug asks. */
export interface OrganizationSearchRequest {
  organization_slug: string;
}
export interface OrganizationSearchResponse extends ResponseCommon {
  organization: Pick<
    Organization,
    | 'organization_id'
    | 'organization_name'
    | 'organization_slug'
    | 'organization_logo_url'
    | 'sso_active_connections'
    | 'sso_default_connection_id'
    | 'email_allowed_domains'
    | 'email_jit_provisioning'
    | 'oauth_tenant_jit_provisioning'
    | 'allowed_oauth_tenants'
    | 'auth_methods'
    | 'allowed_auth_methods'
    | 'mfa_policy'
  > | null;
}

/** POST /b2b/organizations/members/search (the B2B UI's password screens ask before they offer a password). */
export interface MemberSearchRequest {
  email_address: string;
  organization_id: string;
}
/** Only what the sign-in screens need of a member, never the member object itself: the caller is not signed in. */
export interface MemberSearchResponse extends ResponseCommon {
  member: { status: MemberStatus; name: string; member_password_id: string } | null;
}
