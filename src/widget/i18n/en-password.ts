// Strings of the password screens, English.
// Registered with the defaults when a password screen's module loads (see lazy.ts).
import { registerDefaults } from './index.ts';

export const enPassword = {
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
  'password.ludsComplexity': 'Must contain {count} of the following: uppercase letter, lowercase letter, number, symbol',
  'password.breached':
    'This password may have been used on a different site that experienced a security issue. Please choose another password.',

  // zxcvbn's warnings and suggestions (spec section 5), by zxcvbn's English text; unknown ones show as sent
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

registerDefaults(enPassword);
