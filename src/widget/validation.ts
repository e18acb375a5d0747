import { EMAIL_PATTERN } from './constants.ts';

/** Whether an address matches the email pattern of spec section 5 (surrounding spaces ignored). */
export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}
