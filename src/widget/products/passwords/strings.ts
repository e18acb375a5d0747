// Strings of the password screens, English. Registered with the translator's defaults when the product's chunk loads,
// before any of its screens render; i18n/lazy.ts lists this table's type so every key is in `strings`.
import { registerDefaults, type MessageKey } from '../../i18n/index.ts';
import '../../i18n/en-errors.ts';

/** The prefix of the keys whose English text is exactly one of zxcvbn's warnings or suggestions. */
const ZXCVBN_PREFIX = 'password.zxcvbn.';

export const enPasswords = {
  // Password (create or log in) and Password Reset Form (spec section 2)
  'password.createTitle': 'Create an account',
  'password.loginTitle': 'Log in',
  'password.resetFormTitle': 'Set a new password',
  'password.emailLabel': 'Email',
  'password.passwordLabel': 'Password',
  'password.newPasswordLabel': 'New password',
  'password.show': 'Show password',
  'password.hide': 'Hide password',
  'password.continue': 'Continue',
  'password.forgot': 'Forgot Password',
  'password.useEmailLink': 'Email me a login link instead',
  'password.useEmailCode': 'Email me a login code instead',
  'password.checking': 'Checking password strength…',
  'password.strengthLabel': 'Password strength',
  'password.strengthValue': '{score} of 4',

  // LUDS policy messages (spec section 5), singular and plural
  'password.ludsLength.one': 'Must be at least {count} character long',
  'password.ludsLength.other': 'Must be at least {count} characters long',
  'password.ludsComplexity':
    'Must contain {count} of the following: uppercase letter, lowercase letter, number, symbol',
  'password.breached':
    'This password may have been used on a different site that experienced a security issue. Please choose another password.',

  // zxcvbn's warnings and suggestions (spec section 5): each English value IS zxcvbn's text, which is how the service's
  // feedback finds its key (zxcvbnKey below); unknown ones show as sent
  'password.zxcvbn.addWord': 'Add another word or two. Uncommon words are better.',
  'password.zxcvbn.avoidRepeats': 'Avoid repeated words and characters',
  'password.zxcvbn.avoidSequences': 'Avoid sequences',
  'password.zxcvbn.avoidRecentYears': 'Avoid recent years',
  'password.zxcvbn.avoidYearsOfYou': 'Avoid years that are associated with you',
  'password.zxcvbn.avoidDates': 'Avoid dates and years that are associated with you',
  'password.zxcvbn.longerKeyboardPattern': 'Use a longer keyboard pattern with more turns',
  'password.zxcvbn.commonNames': 'Common names and surnames are easy to guess',
  'password.zxcvbn.namesAlone': 'Names and surnames by themselves are easy to guess',
  'password.zxcvbn.top10': 'This is a top-10 common password',
  'password.zxcvbn.top100': 'This is a top-100 common password',
  'password.zxcvbn.veryCommon': 'This is a very common password',
  'password.zxcvbn.similarToCommon': 'This is similar to a commonly used password',
  'password.zxcvbn.straightRows': 'Straight rows of keys are easy to guess',
  'password.zxcvbn.shortKeyboardPatterns': 'Short keyboard patterns are easy to guess',
  'password.zxcvbn.recentYears': 'Recent years are easy to guess',
  'password.zxcvbn.dates': 'Dates are often easy to guess',
  'password.zxcvbn.sequences': 'Sequences like abc or 6543 are easy to guess',

  // Password Forgot and Password Breached
  'passwordForgot.title': 'Forgot password?',
  'passwordForgot.text': 'A link to reset your password will be sent to you at {email}.',
  'passwordBreached.title': 'Reset your password',
  'passwordBreached.text': 'Password appears in the list of breached passwords and must be reset.',
  'passwordForgot.send': 'Send reset link',

  // Password Set New and Password Dedupe ('check your email')
  'passwordSetNew.title': 'Check your email!',
  'passwordSetNew.text': 'A link to reset your password was sent to you at {email}.',
  'passwordDedupe.title': 'Check your email to set a new password',
  'passwordDedupe.text':
    "We want to make sure your account is secure and that it's really you logging in! A login link was sent to you at {email}.",
  'passwordReset.didNotGetIt': "Didn't get it?",
  'passwordReset.resend': 'Resend email',
  'passwordReset.resent': 'Email resent',
} as const;

registerDefaults(enPasswords);

/**
 * zxcvbn's English feedback text → its message key, so a page can translate it (spec section 5). Derived from the
 * catalogue above, which is the one place the texts are written.
 */
const ZXCVBN_KEYS: ReadonlyMap<string, MessageKey> = new Map(
  Object.entries(enPasswords)
    .filter(([key]) => key.startsWith(ZXCVBN_PREFIX))
    .map(([key, text]) => [text, key as MessageKey]),
);

/** The message key of one of zxcvbn's English feedback texts, if the catalogue has it. */
export function zxcvbnKey(text: string): MessageKey | undefined {
  return ZXCVBN_KEYS.get(text);
}
