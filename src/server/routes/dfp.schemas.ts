import * as v from 'valibot';
import { DFP_MAX_SIGNAL_LENGTH, DFP_MAX_SIGNALS } from '../constants/dfp.ts';
import { Errors } from '../http/errors.ts';
import { body, refine, requiredString, requiredValue } from '../http/fields.ts';
import { isJsonObject } from '../http/validate.ts';

/** The browser signals the telemetry script reads, as text by name (constants/dfp.ts has their bounds). */
export type DfpSignals = Record<string, string>;

function checkedSignals(value: unknown): DfpSignals {
  const shapeError = () =>
    Errors.invalidRequest('dfpSignalsShape', { max: DFP_MAX_SIGNALS, length: DFP_MAX_SIGNAL_LENGTH });
  if (!isJsonObject(value)) throw shapeError();
  const entries = Object.entries(value);
  if (entries.length > DFP_MAX_SIGNALS) throw shapeError();
  for (const [, signal] of entries) {
    if (typeof signal !== 'string' || signal.length > DFP_MAX_SIGNAL_LENGTH || signal.includes('\u0000')) {
      throw shapeError();
    }
  }
  return Object.fromEntries(entries) as DfpSignals;
}

/** POST /dfp/submit: the project's public token and the signals the telemetry script read. */
export const dfpSubmitBody = body({
  public_token: requiredString(),
  signals: v.pipe(requiredValue(), refine(checkedSignals)),
});

/**
 * The two protection fields of a send or login call, as the DFP rule reads them before the route runs
 * (routes/dfp.ts): any other field is the route's, and a field of the wrong type reads as absent (the route's own
 * schema answers it).
 */
export const protectedCallFields = v.looseObject({
  dfp_telemetry_id: v.optional(v.pipe(v.string(), v.nonEmpty())),
  captcha_token: v.optional(v.pipe(v.string(), v.nonEmpty())),
});
