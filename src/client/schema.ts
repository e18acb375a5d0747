// Client-side type checks (spec 5): a wrong type throws SDKUsageError before anything is sent.
import { SDKUsageError } from './errors.ts';

export type FieldKind =
  | 'string'
  | 'number'
  | 'boolean'
  | 'object'
  | 'stringArray'
  | 'optionalString'
  | 'optionalNumber'
  | 'optionalObject'
  | 'optionalStringArray';

const EXPECTED: Record<FieldKind, string> = {
  string: 'a string',
  optionalString: 'a string',
  number: 'a number',
  optionalNumber: 'a number',
  boolean: 'a boolean',
  object: 'an object',
  optionalObject: 'an object',
  stringArray: 'an array of strings',
  optionalStringArray: 'an array of strings',
};

function matches(kind: FieldKind, value: unknown): boolean {
  switch (kind) {
    case 'optionalString':
      return value === undefined || typeof value === 'string';
    case 'optionalNumber':
      return value === undefined || typeof value === 'number';
    case 'optionalStringArray':
      return value === undefined || matches('stringArray', value);
    case 'optionalObject':
      return value === undefined || matches('object', value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'stringArray':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    default:
      return typeof value === kind;
  }
}

/** Checks each named field of `values` against its kind; the first mismatch throws '<field> must be <kind>'. */
export function validate(values: Record<string, unknown>, shape: Record<string, FieldKind>): void {
  for (const [field, kind] of Object.entries(shape)) {
    if (!matches(kind, values[field])) throw new SDKUsageError(`${field} must be ${EXPECTED[kind]}`);
  }
}
