import { MAX_EMAIL_LENGTH } from '../constants.ts';
import { Errors } from './errors.ts';

/**
 * Field readers for a parsed JSON object. Each returns the typed value or throws a 400 `invalid_request` naming the
 * field, in the client's wording ('email must be a string'). `null` counts as absent for optional fields.
 */
export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function requiredString(body: JsonObject, field: string): string {
  const value = body[field];
  if (value === undefined || value === null) throw Errors.invalidRequest('fieldRequired', { field });
  return checkString(value, field);
}

export function optionalString(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  return value === undefined || value === null ? undefined : checkString(value, field);
}

export function requiredNumber(body: JsonObject, field: string): number {
  const value = body[field];
  if (value === undefined || value === null) throw Errors.invalidRequest('fieldRequired', { field });
  return checkNumber(value, field);
}

export function optionalNumber(body: JsonObject, field: string): number | undefined {
  const value = body[field];
  return value === undefined || value === null ? undefined : checkNumber(value, field);
}

export function optionalBoolean(body: JsonObject, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw Errors.invalidRequest('fieldNotBoolean', { field });
  return value;
}

export function optionalObject(body: JsonObject, field: string): JsonObject | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!isJsonObject(value)) throw Errors.invalidRequest('fieldNotObject', { field });
  return value;
}

/** Whether arrays and objects in `value` nest deeper than `limit` (checked without recursion). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/** A whole number of minutes within [min, max]. */
export function minutesInRange(value: number, field: string, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw Errors.invalidRequest('minutesOutOfRange', { field, min, max });
  }
  return value;
}

/**
 * Trims and lower-cases an address, then checks its shape: one '@', a non-empty local part, a dotted domain, no
 * spaces. Deliverability is the inbox's business; this only rejects what cannot be an address.
 */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > MAX_EMAIL_LENGTH || !/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)) throw Errors.invalidEmail();
  return email;
}

function checkString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw Errors.invalidRequest('fieldNotString', { field });
  // PostgreSQL text cannot hold NUL; reject it here rather than fail in the database.
  if (value.includes('\u0000')) throw Errors.invalidRequest('fieldHasNul', { field });
  return value;
}

function checkNumber(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw Errors.invalidRequest('fieldNotNumber', { field });
  return value;
}
