import * as v from 'valibot';
import { ORGANIZATION_AUTH_METHODS, ORGANIZATION_MFA_METHODS } from '../../api/organizations.ts';
import type { ProjectConfig } from '../config.ts';
import { MAGIC_LINK_EXPIRATION_MINUTES_MAX, MAGIC_LINK_EXPIRATION_MINUTES_MIN } from '../constants/magic-links.ts';
import {
  ORGANIZATION_EMAIL_DOMAINS_MAX,
  ORGANIZATION_LOGO_URL_MAX_LENGTH,
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_SLUG_PATTERN,
} from '../constants/organizations.ts';
import { OTP_EXPIRATION_MINUTES_MAX, OTP_EXPIRATION_MINUTES_MIN } from '../constants/passcodes.ts';
import { Errors } from '../http/errors.ts';
import {
  body,
  emailAddress,
  optionalMinutes,
  optionalOneOf,
  optionalString,
  optionalValue,
  protectionFields,
  refine,
  requiredString,
  sessionDuration,
} from '../http/fields.ts';
import { codeChallenge, codeVerifier } from './token-authentication.schemas.ts';

const SLUG = new RegExp(ORGANIZATION_SLUG_PATTERN);
/** A DNS name of at least two labels, lower case after normalisation (what an email domain is). */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** POST /b2b/magic_links/email/discovery/send */
export function discoveryLinkSendBody(config: Pick<ProjectConfig, 'pkceRequiredForEmailMagicLinks'>) {
  return body({
    email_address: emailAddress(),
    discovery_redirect_url: optionalString(),
    pkce_code_challenge: codeChallenge(() => config.pkceRequiredForEmailMagicLinks, 'codeChallengeRequiredMagicLink'),
    // Templates, captcha and DFP are accepted and type-checked for compatibility, but not used.
    login_template_id: optionalString(),
    locale: optionalString(),
    discovery_expiration_minutes: optionalMinutes(
      'discovery_expiration_minutes',
      MAGIC_LINK_EXPIRATION_MINUTES_MIN,
      MAGIC_LINK_EXPIRATION_MINUTES_MAX,
    ),
    ...protectionFields(),
  });
}
export type DiscoveryLinkSendInput = v.InferOutput<ReturnType<typeof discoveryLinkSendBody>>;

/** POST /b2b/magic_links/discovery/authenticate */
export const discoveryLinkAuthenticateBody = body({
  discovery_magic_links_token: requiredString(),
  pkce_code_verifier: codeVerifier('pkce_code_verifier'),
  ...protectionFields(),
});
export type DiscoveryLinkAuthenticateInput = v.InferOutput<typeof discoveryLinkAuthenticateBody>;

/** POST /b2b/otps/email/discovery/send */
export const discoveryOtpSendBody = body({
  email_address: emailAddress(),
  login_template_id: optionalString(),
  locale: optionalString(),
  discovery_expiration_minutes: optionalMinutes(
    'discovery_expiration_minutes',
    OTP_EXPIRATION_MINUTES_MIN,
    OTP_EXPIRATION_MINUTES_MAX,
  ),
  ...protectionFields(),
});
export type DiscoveryOtpSendInput = v.InferOutput<typeof discoveryOtpSendBody>;

/** POST /b2b/otps/email/discovery/authenticate. The code's format is checked by the service after these fields. */
export const discoveryOtpAuthenticateBody = body({
  code: requiredString(),
  email_address: emailAddress(),
  ...protectionFields(),
});
export type DiscoveryOtpAuthenticateInput = v.InferOutput<typeof discoveryOtpAuthenticateBody>;

/** POST /b2b/discovery/organizations: the intermediate session token, or none when a member session calls. */
export const discoveredOrganizationsBody = body({ intermediate_session_token: optionalString() });
export type DiscoveredOrganizationsInput = v.InferOutput<typeof discoveredOrganizationsBody>;

/** POST /b2b/discovery/intermediate_sessions/exchange */
export const exchangeBody = body({
  intermediate_session_token: requiredString(),
  organization_id: requiredString(),
  session_duration_minutes: sessionDuration(),
  locale: optionalString(),
});
export type ExchangeInput = v.InferOutput<typeof exchangeBody>;

const organizationName = v.pipe(
  optionalString(),
  refine((name: string | undefined) => {
    if (name === undefined) return undefined;
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > ORGANIZATION_NAME_MAX_LENGTH) {
      throw Errors.invalidOrganizationName(ORGANIZATION_NAME_MAX_LENGTH);
    }
    return trimmed;
  }),
);

const organizationSlug = v.pipe(
  optionalString(),
  refine((slug: string | undefined) => {
    if (slug !== undefined && !SLUG.test(slug)) throw Errors.invalidOrganizationSlug();
    return slug;
  }),
);

const logoUrl = v.pipe(
  optionalString(),
  refine((url: string | undefined) => {
    if (url !== undefined && url.length > ORGANIZATION_LOGO_URL_MAX_LENGTH) {
      throw Errors.invalidRequest('fieldTooLong', {
        field: 'organization_logo_url',
        max: ORGANIZATION_LOGO_URL_MAX_LENGTH,
      });
    }
    return url;
  }),
);

/**
 * An optional list of strings, trimmed and lower-cased, repeats dropped: a value that is not a list of strings is
 * `fieldNotStringArray`; a list longer than `max` or with an item `accepts` refuses gets `refused`.
 */
function optionalList<TItem extends string>(
  field: string,
  max: number,
  accepts: (item: string) => item is TItem,
  refused: () => Error,
) {
  return v.pipe(
    optionalValue(),
    refine((value: unknown) => {
      if (value === undefined) return undefined;
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
        throw Errors.invalidRequest('fieldNotStringArray', { field });
      }
      const items = [...new Set((value as string[]).map((item) => item.trim().toLowerCase()))];
      if (items.length > max || !items.every(accepts)) throw refused();
      return items as TItem[];
    }),
  );
}

const oneOfList = <const TValue extends string>(field: string, values: readonly TValue[]) =>
  optionalList(
    field,
    values.length,
    (item): item is TValue => (values as readonly string[]).includes(item),
    () => Errors.invalidRequest('fieldNotOneOf', { field, values: values.join(', ') }),
  );

const emailDomains = optionalList(
  'email_allowed_domains',
  ORGANIZATION_EMAIL_DOMAINS_MAX,
  (item): item is string => DOMAIN.test(item),
  () =>
    Errors.invalidRequest('emailDomainsNotValid', {
      field: 'email_allowed_domains',
      max: ORGANIZATION_EMAIL_DOMAINS_MAX,
    }),
);

/**
 * POST /b2b/discovery/organizations/create. Name and slug are optional (made from the proven address when left out);
 * the organization's settings are those the hosted provider takes at creation.
 */
export const organizationCreateBody = body({
  intermediate_session_token: requiredString(),
  session_duration_minutes: sessionDuration(),
  organization_name: organizationName,
  organization_slug: organizationSlug,
  organization_logo_url: logoUrl,
  email_allowed_domains: emailDomains,
  email_jit_provisioning: optionalOneOf('email_jit_provisioning', ['RESTRICTED', 'NOT_ALLOWED']),
  // Invitations are not offered: accepted for compatibility and type-checked, not used.
  email_invites: optionalOneOf('email_invites', ['ALL_ALLOWED', 'RESTRICTED', 'NOT_ALLOWED']),
  sso_jit_provisioning: optionalOneOf('sso_jit_provisioning', ['ALL_ALLOWED', 'RESTRICTED', 'NOT_ALLOWED']),
  auth_methods: optionalOneOf('auth_methods', ['ALL_ALLOWED', 'RESTRICTED']),
  allowed_auth_methods: oneOfList('allowed_auth_methods', ORGANIZATION_AUTH_METHODS),
  mfa_policy: optionalOneOf('mfa_policy', ['REQUIRED_FOR_ALL', 'OPTIONAL']),
  mfa_methods: optionalOneOf('mfa_methods', ['ALL_ALLOWED', 'RESTRICTED']),
  allowed_mfa_methods: oneOfList('allowed_mfa_methods', ORGANIZATION_MFA_METHODS),
});
export type OrganizationCreateInput = v.InferOutput<typeof organizationCreateBody>;
