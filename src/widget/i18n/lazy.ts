// The string tables that load after first paint: the error catalogue and each product's strings. Each registers itself
// with the translator's defaults when its module is evaluated, which happens before any screen using it renders, so
// `t(key)` never misses; listing the tables here (types only, no code) keeps every key in `MessageKey` and therefore
// in the `strings` property.
import type { enErrors } from './en-errors.ts';
import type { enOutcome } from './en-outcome.ts';
import type { enMagicLinks } from '../products/magic-links/strings.ts';
import type { enOtps } from '../products/otps/strings.ts';
import type { enPasswords } from '../products/passwords/strings.ts';
import type { enOAuth } from '../products/oauth/strings.ts';
import type { enPasskeys } from '../products/passkeys/strings.ts';
import type { enCrypto } from '../products/crypto/strings.ts';
import type { enIdp } from '../products/idp/strings.ts';

export type LazyMessages = typeof enErrors &
  typeof enOutcome &
  typeof enMagicLinks &
  typeof enOtps &
  typeof enPasswords &
  typeof enOAuth &
  typeof enPasskeys &
  typeof enCrypto &
  typeof enIdp;
