import * as v from 'valibot';
import type { OtpMethod } from '../../api/otps.ts';
import type { ProjectConfig } from '../config.ts';
import { OTP_EXPIRATION_MINUTES_MAX, OTP_EXPIRATION_MINUTES_MIN } from '../constants/passcodes.ts';
import {
  body,
  emailAddress,
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

const expiration = () => optionalMinutes('expiration_minutes', OTP_EXPIRATION_MINUTES_MIN, OTP_EXPIRATION_MINUTES_MAX);

// Templates, captcha, DFP and SMS autofill are accepted and type-checked for compatibility, but not used.
const emailSendBody = v.pipe(
  body({
    ...protectionFields(),
    login_template_id: optionalString(),
    signup_template_id: optionalString(),
    email: emailAddress(),
    expiration_minutes: expiration(),
    locale: optionalString(),
  }),
  v.transform(({ email, expiration_minutes, locale }) => ({ destination: email, expiration_minutes, locale })),
);

function phoneSendBody(config: Pick<ProjectConfig, 'phoneRegions'>) {
  return v.pipe(
    body({
      ...protectionFields(),
      enable_autofill: optionalBoolean(),
      autofill_session_duration_minutes: optionalNumber(),
      // E.164, in a region the project serves (the project's setting, asked on every request).
      phone_number: v.pipe(
        requiredString(),
        refine((raw: string) => normalizePhoneNumber(raw, config.phoneRegions)),
      ),
      expiration_minutes: expiration(),
      locale: optionalString(),
    }),
    v.transform(({ phone_number, expiration_minutes, locale }) => ({
      destination: phone_number,
      expiration_minutes,
      locale,
    })),
  );
}

/**
 * POST /otps/<method>/login_or_create, /send/primary and /send/secondary: where the passcode goes (`destination`: the
 * normalised address, or the E.164 number), its lifetime and the message's language.
 */
export function otpSendBody(method: OtpMethod, config: Pick<ProjectConfig, 'phoneRegions'>) {
  return method === 'email' ? emailSendBody : phoneSendBody(config);
}
export type OtpSendInput = v.InferOutput<ReturnType<typeof otpSendBody>>;

/** POST /otps/authenticate. The code's format is checked by the service after these fields. */
export const otpAuthenticateBody = body({
  token: requiredString(),
  method_id: requiredString(),
  session_duration_minutes: sessionDuration(),
  ...protectionFields(),
});
export type OtpAuthenticateInput = v.InferOutput<typeof otpAuthenticateBody>;
