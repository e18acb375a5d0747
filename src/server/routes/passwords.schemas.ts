import * as v from 'valibot';
import type { ProjectConfig } from '../config.ts';
import {
  MAX_PASSWORD_LENGTH,
  PASSWORD_RESET_EXPIRATION_MINUTES_MAX,
  PASSWORD_RESET_EXPIRATION_MINUTES_MIN,
} from '../constants/passwords.ts';
import { Errors } from '../http/errors.ts';
import {
  body,
  emailAddress,
  optionalMinutes,
  optionalSessionDuration,
  optionalString,
  protectionFields,
  refine,
  requiredString,
  sessionDuration,
} from '../http/fields.ts';
import { codeChallenge } from './token-authentication.schemas.ts';

/** A password as typed: required, not empty, at most MAX_PASSWORD_LENGTH characters (zxcvbn's cost grows with it). */
function password(field: string) {
  return v.pipe(
    requiredString(),
    refine((value: string) => {
      if (value.length === 0) throw Errors.invalidRequest('fieldEmpty', { field });
      if (value.length > MAX_PASSWORD_LENGTH) {
        throw Errors.invalidRequest('fieldTooLong', { field, max: MAX_PASSWORD_LENGTH });
      }
      return value;
    }),
  );
}

/** POST /users/search */
export const userSearchBody = body({ email: emailAddress(), ...protectionFields() });
export type UserSearchInput = v.InferOutput<typeof userSearchBody>;

/** POST /passwords/strength_check */
export const strengthCheckBody = body({ password: password('password'), email: optionalString() });
export type StrengthCheckInput = v.InferOutput<typeof strengthCheckBody>;

/** POST /passwords and /passwords/authenticate */
export const passwordSignInBody = body({
  email: emailAddress(),
  password: password('password'),
  session_duration_minutes: sessionDuration(),
  ...protectionFields(),
});
export type PasswordSignInInput = v.InferOutput<typeof passwordSignInBody>;

/** POST /passwords/email/reset/start. The redirect URLs are checked against the allowlist by the service. */
export function emailResetStartBody(config: Pick<ProjectConfig, 'pkceRequiredForPasswordResets'>) {
  return body({
    email: emailAddress(),
    reset_password_template_id: optionalString(), // accepted for compatibility, not used
    locale: optionalString(),
    ...protectionFields(),
    login_redirect_url: optionalString(),
    reset_password_redirect_url: optionalString(),
    reset_password_expiration_minutes: optionalMinutes(
      'reset_password_expiration_minutes',
      PASSWORD_RESET_EXPIRATION_MINUTES_MIN,
      PASSWORD_RESET_EXPIRATION_MINUTES_MAX,
    ),
    code_challenge: codeChallenge(() => config.pkceRequiredForPasswordResets, 'codeChallengeRequiredPasswordReset'),
  });
}
export type EmailResetStartInput = v.InferOutput<ReturnType<typeof emailResetStartBody>>;

/** POST /passwords/email/reset. The verifier's length is checked by the service after these fields. */
export const emailResetBody = body({
  token: requiredString(),
  password: password('password'),
  session_duration_minutes: sessionDuration(),
  code_verifier: optionalString(),
  ...protectionFields(),
});
export type EmailResetInput = v.InferOutput<typeof emailResetBody>;

/** POST /passwords/existing_password/reset */
export const existingPasswordResetBody = body({
  email: emailAddress(),
  existing_password: password('existing_password'),
  new_password: password('new_password'),
  session_duration_minutes: sessionDuration(),
  ...protectionFields(),
});
export type ExistingPasswordResetInput = v.InferOutput<typeof existingPasswordResetBody>;

/** POST /passwords/session/reset: the session keeps its expiry unless `session_duration_minutes` is given. */
export const sessionResetBody = body({
  password: password('password'),
  session_duration_minutes: optionalSessionDuration(),
  ...protectionFields(),
});
export type SessionResetInput = v.InferOutput<typeof sessionResetBody>;
