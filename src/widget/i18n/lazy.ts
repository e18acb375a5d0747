// The string tables of lazily loaded screens. Each `en-<flow>.ts` registers itself with the translator's defaults
// when its module is evaluated, which happens before any of its screens render, so `t(key)` never misses; listing
// the tables here (types only, no code) keeps every key in `MessageKey` and therefore in the `strings` property.
import type { enEmailConfirmation } from './en-email-confirmation.ts';
import type { enOtp } from './en-otp.ts';
import type { enPassword } from './en-password.ts';
import type { enOAuth } from './en-oauth.ts';

export type LazyMessages = typeof enOtp & typeof enEmailConfirmation & typeof enPassword & typeof enOAuth;
