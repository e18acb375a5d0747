// The backend API's session calls, checked at the edge: which session (by token, JWT or id: exactly one) and whose.
import * as v from 'valibot';
import { Errors } from '../../http/errors.ts';
import { body, optionalSessionDuration, optionalString, refine, requiredString } from '../../http/fields.ts';

/** The one field of `fields` the body gives, with its value; none or several is 400 `invalid_request` naming them. */
function exactlyOne<const TField extends string>(
  fields: readonly TField[],
  input: Partial<Record<TField, string>>,
): { field: TField; value: string } {
  const given = fields.filter((field) => input[field] !== undefined);
  const [field] = given;
  const value = field === undefined ? undefined : input[field];
  if (given.length !== 1 || field === undefined || value === undefined) {
    throw Errors.invalidRequest('exactlyOneOf', { fields: fields.join(', ') });
  }
  return { field, value };
}

/** POST /v1/sessions/authenticate: the session by its token or its JWT; optionally a new lifetime from now. */
export const backendSessionAuthenticateBody = v.pipe(
  body({
    session_token: optionalString(),
    session_jwt: optionalString(),
    session_duration_minutes: optionalSessionDuration(),
  }),
  refine((input) => ({
    session: exactlyOne(['session_token', 'session_jwt'] as const, input),
    session_duration_minutes: input.session_duration_minutes,
  })),
);
export type BackendSessionAuthenticateInput = v.InferOutput<typeof backendSessionAuthenticateBody>;

/** POST /v1/sessions/revoke: the session by its id, its token or its JWT. */
export const backendSessionRevokeBody = v.pipe(
  body({ session_id: optionalString(), session_token: optionalString(), session_jwt: optionalString() }),
  refine((input) => exactlyOne(['session_id', 'session_token', 'session_jwt'] as const, input)),
);

/** GET /v1/sessions?user_id= */
export const backendSessionsQuery = body({ user_id: requiredString() });
