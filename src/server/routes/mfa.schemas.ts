import * as v from 'valibot';
import { MFA_ENROLLMENT_CHANGES } from '../../api/mfa.ts';
import type { ProjectConfig } from '../config.ts';
import { MEMBER_TOTP_EXPIRATION_MINUTES_MAX, MEMBER_TOTP_EXPIRATION_MINUTES_MIN } from '../constants/member-mfa.ts';
import { Errors } from '../http/errors.ts';
import {
  body,
  optionalBoolean,
  optionalMinutes,
  optionalNumber,
  optionalString,
  protectionFields,
  refine,
  requiredString,
  sessionDuration,
} from '../http/fields.ts';
import { normalizePhoneNumber } from '../security/phone-numbers.ts';

// Every member MFA call names the organization and the member, and (before a member session exists) carries the
// intermediate session token in its body, where the hosted B2B SDK puts it.
const memberFields = () => ({
  organization_id: requiredString(),
  member_id: requiredString(),
  intermediate_session_token: optionalString(),
  ...protectionFields(),
});

const enrollmentChange = () =>
  v.pipe(
    optionalString(),
    refine((value: string | undefined) => {
      if (value === undefined || (MFA_ENROLLMENT_CHANGES as readonly string[]).includes(value)) {
        return value as (typeof MFA_ENROLLMENT_CHANGES)[number] | undefined;
      }
      throw Errors.invalidRequest('fieldNotOneOf', {
        field: 'set_mfa_enrollment',
        values: MFA_ENROLLMENT_CHANGES.join(', '),
      });
    }),
  );

/** POST /b2b/totp */
export const memberTotpCreateBody = body({
  ...memberFields(),
  expiration_minutes: optionalMinutes(
    'expiration_minutes',
    MEMBER_TOTP_EXPIRATION_MINUTES_MIN,
    MEMBER_TOTP_EXPIRATION_MINUTES_MAX,
  ),
});
export type MemberTotpCreateInput = v.InferOutput<typeof memberTotpCreateBody>;

/** POST /b2b/totp/authenticate and /b2b/otps/sms/authenticate. The code's format is checked by the service. */
export const memberCodeAuthenticateBody = body({
  ...memberFields(),
  code: requiredString(),
  session_duration_minutes: sessionDuration(),
  set_mfa_enrollment: enrollmentChange(),
  set_default_mfa: optionalBoolean(),
});
export type MemberCodeAuthenticateInput = v.InferOutput<typeof memberCodeAuthenticateBody>;

/**
 * POST /b2b/otps/sms/send: `mfa_phone_number` in E.164, in a region the project serves (the project's setting, asked
 * on every request). Autofill is accepted and type-checked for the SDK's sake, not used.
 */
export function memberSmsSendBody(config: Pick<ProjectConfig, 'phoneRegions'>) {
  return body({
    ...memberFields(),
    mfa_phone_number: v.pipe(
      optionalString(),
      refine((raw: string | undefined) =>
        raw === undefined ? undefined : normalizePhoneNumber(raw, config.phoneRegions),
      ),
    ),
    locale: optionalString(),
    enable_autofill: optionalBoolean(),
    autofill_session_duration_minutes: optionalNumber(),
  });
}
export type MemberSmsSendInput = v.InferOutput<ReturnType<typeof memberSmsSendBody>>;

/** POST /b2b/recovery_codes/recover */
export const recoveryCodeRecoverBody = body({
  ...memberFields(),
  recovery_code: requiredString(),
  session_duration_minutes: sessionDuration(),
});
export type RecoveryCodeRecoverInput = v.InferOutput<typeof recoveryCodeRecoverBody>;

/** POST /b2b/recovery_codes/rotate (member session): the SDK sends only its captcha and DFP fields. */
export const recoveryCodeRotateBody = body(protectionFields());
