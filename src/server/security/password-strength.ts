import zxcvbn from 'zxcvbn';
import { ZXCVBN_VALID_SCORE, type LudsRequirements, type StrengthPolicy } from '../../api/passwords.ts';
import { ZXCVBN_MAX_ANALYSED_LENGTH } from '../constants/passwords.ts';
import { isBreachedPassword } from './breached-passwords.ts';

/** A project's strength policy: zxcvbn (score ≥ 3), or LUDS with a minimum length and a number of character classes. */
export type PasswordPolicy = { kind: 'zxcvbn' } | { kind: 'luds'; minimumCount: number; complexity: number };

export interface StrengthResult {
  validPassword: boolean;
  score: number;
  breached: boolean;
  policy: StrengthPolicy;
  warning: string;
  suggestions: string[];
  luds: LudsRequirements;
}

const CLASSES = {
  has_lower_case: /[a-z]/,
  has_upper_case: /[A-Z]/,
  has_digit: /[0-9]/,
  // Anything that is not a letter or digit of ASCII counts as a symbol (spaces and non-Latin letters included).
  has_symbol: /[^A-Za-z0-9]/,
} as const;

/** Which LUDS classes a password has and, under `policy`, how many characters and classes it still lacks. */
export function ludsRequirements(password: string, policy: PasswordPolicy): LudsRequirements {
  const has = {
    has_lower_case: CLASSES.has_lower_case.test(password),
    has_upper_case: CLASSES.has_upper_case.test(password),
    has_digit: CLASSES.has_digit.test(password),
    has_symbol: CLASSES.has_symbol.test(password),
  };
  const classes = Object.values(has).filter(Boolean).length;
  const length = [...password].length;
  return {
    ...has,
    missing_characters: policy.kind === 'luds' ? Math.max(0, policy.minimumCount - length) : 0,
    missing_complexity: policy.kind === 'luds' ? Math.max(0, policy.complexity - classes) : 0,
  };
}

/**
 * The strength check, one place for every caller (strength_check, create, the resets). A breached password is never
 * valid, whatever the policy. `userInputs` (the address and its local part) make zxcvbn count them as guessable.
 */
export function checkStrength(password: string, policy: PasswordPolicy, userInputs: string[] = []): StrengthResult {
  const result = zxcvbn(password.slice(0, ZXCVBN_MAX_ANALYSED_LENGTH), userInputs);
  const breached = isBreachedPassword(password);
  const luds = ludsRequirements(password, policy);
  const policyMet =
    policy.kind === 'zxcvbn'
      ? result.score >= ZXCVBN_VALID_SCORE
      : luds.missing_characters === 0 && luds.missing_complexity === 0;
  return {
    validPassword: policyMet && !breached,
    score: result.score,
    breached,
    policy: policy.kind,
    // zxcvbn's feedback is only meaningful under its own policy; LUDS reports what is missing instead.
    warning: policy.kind === 'zxcvbn' ? result.feedback.warning : '',
    suggestions: policy.kind === 'zxcvbn' ? result.feedback.suggestions : [],
    luds,
  };
}

/** The address and its local part: words a guesser who knows the user tries first. */
export function userInputsOf(email: string | undefined): string[] {
  if (!email) return [];
  const local = email.split('@')[0] ?? '';
  return [email, local, ...local.split(/[._+-]/)].filter((word) => word.length > 0);
}
