import { MAX_EMAIL_LENGTH } from '../constants/input-limits.ts';
import { Errors } from './errors.ts';

/** A parsed JSON object. Request bodies are read into typed input by their routes' schemas (http/fields.ts). */
export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
