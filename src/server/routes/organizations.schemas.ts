import type * as v from 'valibot';
import type { ProjectConfig } from '../config.ts';
import { MAGIC_LINK_EXPIRATION_MINUTES_MAX, MAGIC_LINK_EXPIRATION_MINUTES_MIN } from '../constants/magic-links.ts';
import {
  body,
  emailAddress,
  optionalMinutes,
  optionalSessionDuration,
  optionalString,
  protectionFields,
  requiredString,
  sessionDuration,
} from '../http/fields.ts';
import { codeChallenge, codeVerifier } from './token-authentication.schemas.ts';

const expiration = (field: string) =>
  optionalMinutes(field, MAGIC_LINK_EXPIRATION_MINUTES_MIN, MAGIC_LINK_EXPIRATION_MINUTES_MAX);

/** POST /b2b/magic_links/email/login_or_signup: a link into one organization (its id or slug). */
export function organizationLinkSendBody(config: Pick<ProjectConfig, 'pkceRequiredForEmailMagicLinks'>) {
  return body({
    organization_id: requiredString(),
    email_address: emailAddress(),
    login_redirect_url: optionalString(),
    signup_redirect_url: optionalString(),
    pkce_code_challenge: codeChallenge(() => config.pkceRequiredForEmailMagicLinks, 'codeChallengeRequiredMagicLink'),
    // Templates are accepted and type-checked for compatibility, but not used.
    login_template_id: optionalString(),
    signup_template_id: optionalString(),
    locale: optionalString(),
    login_expiration_minutes: expiration('login_expiration_minutes'),
    signup_expiration_minutes: expiration('signup_expiration_minutes'),
  });
}
export type OrganizationLinkSendInput = v.InferOutput<ReturnType<typeof organizationLinkSendBody>>;

/** POST /b2b/magic_links/authenticate */
export const organizationLinkAuthenticateBody = body({
  magic_links_token: requiredString(),
  pkce_code_verifier: codeVerifier('pkce_code_verifier'),
  session_duration_minutes: sessionDuration(),
  intermediate_session_token: optionalString(),
  locale: optionalString(),
  ...protectionFields(),
});
export type OrganizationLinkAuthenticateInput = v.InferOutput<typeof organizationLinkAuthenticateBody>;

/** POST /b2b/organizations/search */
export const organizationSearchBody = body({ organization_slug: requiredString() });

/** POST /b2b/organizations/members/search */
export const memberSearchBody = body({ email_address: emailAddress(), organization_id: requiredString() });
export type MemberSearchInput = v.InferOutput<typeof memberSearchBody>;

/** POST /b2b/sessions/authenticate */
export const memberSessionAuthenticateBody = body({ session_duration_minutes: optionalSessionDuration() });
