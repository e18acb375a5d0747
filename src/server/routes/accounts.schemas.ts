import * as v from 'valibot';
import { MAX_JSON_DEPTH } from '../constants/input-limits.ts';
import { TOTP_EXPIRATION_MINUTES_MAX, TOTP_EXPIRATION_MINUTES_MIN } from '../constants/totp.ts';
import { validated } from '../http/edge.ts';
import { Errors } from '../http/errors.ts';
import {
  body,
  optionalMinutes,
  optionalNumber,
  optionalObject,
  optionalString,
  protectionFields,
  refine,
  requiredString,
  sessionDuration,
} from '../http/fields.ts';
import { nestsDeeperThan, type JsonObject } from '../http/validate.ts';

export const userNameBody = body({
  first_name: optionalString(),
  middle_name: optionalString(),
  last_name: optionalString(),
});

/**
 * Metadata as it will be stored (jsonb): not nested too deep, and without U+0000 (jsonb cannot hold it). `field` is
 * untrusted_metadata, or trusted_metadata for the backend API.
 */
export function storableMetadata(metadata: JsonObject, field = 'untrusted_metadata'): JsonObject {
  if (nestsDeeperThan(metadata, MAX_JSON_DEPTH)) {
    throw Errors.invalidRequest('fieldNestsTooDeep', { field, max: MAX_JSON_DEPTH });
  }
  // U+0000 is escaped as \u0000 in JSON text.
  if (JSON.stringify(metadata).includes('\\u0000')) {
    throw Errors.invalidRequest('fieldHasNul', { field });
  }
  return metadata;
}

/**
 * PUT /users/me: name parts and untrusted_metadata (stored as given). Both must be objects before the name's parts
 * are read, and the metadata's depth and NUL checks come last.
 */
export const updateMeBody = v.pipe(
  body({ name: optionalObject(), untrusted_metadata: optionalObject() }),
  refine(({ name, untrusted_metadata }) => ({
    name: name && validated(userNameBody, name),
    untrusted_metadata: untrusted_metadata && storableMetadata(untrusted_metadata),
  })),
);
export type UpdateMeInput = v.InferOutput<typeof updateMeBody>;

/** POST /sessions/exchange_access_token */
export const exchangeAccessTokenBody = body({
  access_token: requiredString(),
  session_duration_minutes: sessionDuration(),
});
export type ExchangeAccessTokenInput = v.InferOutput<typeof exchangeAccessTokenBody>;

/**
 * POST /sessions/attest. The duration's bounds are checked when the session starts, after the token has been
 * verified, where they always were.
 */
export const attestBody = body({
  profile_id: requiredString(),
  token: requiredString(),
  session_duration_minutes: optionalNumber(),
  session_token: optionalString(),
  session_jwt: optionalString(),
});
export type AttestInput = v.InferOutput<typeof attestBody>;

/** POST /impersonation/authenticate */
export const impersonationAuthenticateBody = body({
  impersonation_token: requiredString(),
  ...protectionFields(),
});
export type ImpersonationAuthenticateInput = v.InferOutput<typeof impersonationAuthenticateBody>;

/** POST /totps */
export const totpCreateBody = body({
  expiration_minutes: optionalMinutes('expiration_minutes', TOTP_EXPIRATION_MINUTES_MIN, TOTP_EXPIRATION_MINUTES_MAX),
});
export type TotpCreateInput = v.InferOutput<typeof totpCreateBody>;

/** POST /totps/authenticate. The code's format is checked by the service once the session is known. */
export const totpAuthenticateBody = body({
  totp_code: requiredString(),
  ...protectionFields(),
  session_duration_minutes: sessionDuration(),
});
export type TotpAuthenticateInput = v.InferOutput<typeof totpAuthenticateBody>;

/** POST /totps/recover */
export const totpRecoverBody = body({
  recovery_code: requiredString(),
  ...protectionFields(),
  session_duration_minutes: sessionDuration(),
});
export type TotpRecoverInput = v.InferOutput<typeof totpRecoverBody>;
