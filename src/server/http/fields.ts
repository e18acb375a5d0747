// The pieces every request schema is built from (routes/*.schemas.ts). They keep the rules the hand-written field
// readers had: `null` counts as absent for an optional field, strings may not hold NUL (PostgreSQL text cannot),
// numbers must be finite (JSON's 1e400 parses to Infinity), and fields nobody declared are allowed and dropped.
// Each issue's message is the catalogue key of its error body; the edge (http/edge.ts) names the field.
import * as v from 'valibot';
import { SESSION_DURATION_MINUTES_MAX, SESSION_DURATION_MINUTES_MIN } from '../constants/sessions.ts';
import { Errors } from './errors.ts';
import { isJsonObject, minutesInRange, normalizeEmail, type JsonObject } from './validate.ts';

/** The messages the schemas here give their issues: keys of 400 `invalid_request` bodies, each naming a field. */
export const FIELD_ISSUES = [
  'fieldRequired',
  'fieldNotString',
  'fieldNotNumber',
  'fieldNotBoolean',
  'fieldNotObject',
  'fieldHasNul',
] as const;
export type FieldIssue = (typeof FIELD_ISSUES)[number];

/**
 * A body's fields, checked in the order they are listed: keep it the order the service used to read them, so a body
 * with several bad fields is answered about the same one. The body is already a JSON object (http/body.ts), so the
 * only issue the object itself raises is a missing required key.
 */
export function body<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.object(entries, 'fieldRequired' satisfies FieldIssue);
}

/**
 * A check or normalisation that answers with the service's own error (an address's shape, a range, a value that
 * must name something): it throws the ApiError, which valibot does not catch. The edge parses with `abortEarly`, so
 * it runs only when every field and step before it passed, exactly where the service used to run it.
 */
export function refine<TInput, TOutput>(step: (value: TInput) => TOutput) {
  return v.transform(step);
}

// Absence and null read as undefined. A default (here a function answering undefined) makes valibot run the entry
// even when the key is missing, so a step piped after it sees the absence (PKCE required, a reader made for none).
const absent = () => undefined;

const text = v.pipe(
  v.string('fieldNotString' satisfies FieldIssue),
  v.check((value) => !value.includes('\u0000'), 'fieldHasNul' satisfies FieldIssue),
);
const finiteNumber = v.pipe(
  v.number('fieldNotNumber' satisfies FieldIssue),
  v.finite('fieldNotNumber' satisfies FieldIssue),
);
const flag = v.boolean('fieldNotBoolean' satisfies FieldIssue);
const jsonObject = v.custom<JsonObject>(isJsonObject, 'fieldNotObject' satisfies FieldIssue);

const required = <TSchema extends v.GenericSchema>(schema: TSchema) =>
  v.nonNullish(schema, 'fieldRequired' satisfies FieldIssue);
const optional = <TSchema extends v.GenericSchema>(schema: TSchema) => v.nullish(schema, absent);

const requiredText = required(text);
const optionalText = optional(text);
const requiredFiniteNumber = required(finiteNumber);
const optionalFiniteNumber = optional(finiteNumber);
const requiredFlag = required(flag);
const optionalFlag = optional(flag);
const optionalJsonObject = optional(jsonObject);
const optionalUnknown = optional(v.unknown());
const requiredUnknown = required(v.unknown());

export const requiredString = () => requiredText;
export const optionalString = () => optionalText;
export const requiredNumber = () => requiredFiniteNumber;
export const optionalNumber = () => optionalFiniteNumber;
export const requiredBoolean = () => requiredFlag;
export const optionalBoolean = () => optionalFlag;
/** A JSON object passed on as it is (not copied, nothing dropped): its own fields are read later, if at all. */
export const optionalObject = () => optionalJsonObject;
/**
 * Any value, absent and null reading as undefined, for a field a `refine` checks itself because its errors are
 * worded differently (a list whose refusals name its parent object, say).
 */
export const optionalValue = () => optionalUnknown;
/** As `optionalValue`, but absent or null is `fieldRequired`. */
export const requiredValue = () => requiredUnknown;

/** An optional string that must be one of `values` (an enumeration of the wire); another is `fieldNotOneOf`. */
export function optionalOneOf<const TValue extends string>(field: string, values: readonly TValue[]) {
  return v.pipe(
    optionalText,
    refine((value: string | undefined) => {
      if (value === undefined || (values as readonly string[]).includes(value)) return value as TValue | undefined;
      throw Errors.invalidRequest('fieldNotOneOf', { field, values: values.join(', ') });
    }),
  );
}

/** A required address, trimmed and lower-cased; one that cannot be an address is `invalid_email`. */
export const emailAddress = () => v.pipe(requiredText, refine(normalizeEmail));

/** A required whole number of minutes within [min, max]. */
export function requiredMinutes(field: string, min: number, max: number) {
  return v.pipe(
    requiredFiniteNumber,
    refine((minutes: number) => minutesInRange(minutes, field, min, max)),
  );
}

/** An optional whole number of minutes within [min, max]; absent stays undefined (the caller's default applies). */
export function optionalMinutes(field: string, min: number, max: number) {
  return v.pipe(
    optionalFiniteNumber,
    refine((minutes: number | undefined) =>
      minutes === undefined ? undefined : minutesInRange(minutes, field, min, max),
    ),
  );
}

/** `session_duration_minutes` as every sign-in takes it: required, within the session bounds. */
export const sessionDuration = () =>
  requiredMinutes('session_duration_minutes', SESSION_DURATION_MINUTES_MIN, SESSION_DURATION_MINUTES_MAX);

/** `session_duration_minutes` where the session keeps its expiry unless asked. */
export const optionalSessionDuration = () =>
  optionalMinutes('session_duration_minutes', SESSION_DURATION_MINUTES_MIN, SESSION_DURATION_MINUTES_MAX);

/** Captcha and DFP: accepted and type-checked for compatibility, not used. */
export const protectionFields = () => ({
  captcha_token: optionalText,
  dfp_telemetry_id: optionalText,
});

/** A body with no fields of its own (revoke, regenerate): it still has to be a JSON object. */
export const emptyBody = body({});
