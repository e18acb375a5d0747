import type * as v from 'valibot';
import type { ProjectConfig } from '../config.ts';
import { MAGIC_LINK_EXPIRATION_MINUTES_MAX, MAGIC_LINK_EXPIRATION_MINUTES_MIN } from '../constants/magic-links.ts';
import { body, optionalBoolean, optionalMinutes, optionalString, requiredString } from '../http/fields.ts';
import { codeChallenge } from './token-authentication.schemas.ts';

const expiration = (field: string) =>
  optionalMinutes(field, MAGIC_LINK_EXPIRATION_MINUTES_MIN, MAGIC_LINK_EXPIRATION_MINUTES_MAX);

/**
 * POST /magic_links/email/login_or_create, /send/primary and /send/secondary. The address's shape is checked by the
 * service after these fields, as it always was.
 */
export function magicLinkSendBody(config: Pick<ProjectConfig, 'pkceRequiredForEmailMagicLinks'>) {
  return body({
    email: requiredString(),
    // Accepted for compatibility and type-checked, but not used yet: templates, captcha and DFP.
    login_template_id: optionalString(),
    signup_template_id: optionalString(),
    captcha_token: optionalString(),
    dfp_telemetry_id: optionalString(),
    code_challenge: codeChallenge(() => config.pkceRequiredForEmailMagicLinks, 'codeChallengeRequiredMagicLink'),
    login_magic_link_url: optionalString(),
    signup_magic_link_url: optionalString(),
    login_expiration_minutes: expiration('login_expiration_minutes'),
    signup_expiration_minutes: expiration('signup_expiration_minutes'),
    create_user_as_pending: optionalBoolean(),
    locale: optionalString(),
  });
}
export type MagicLinkSendInput = v.InferOutput<ReturnType<typeof magicLinkSendBody>>;
