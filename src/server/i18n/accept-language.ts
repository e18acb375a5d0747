import { DEFAULT_LOCALE, matchLocale, SUPPORTED_LOCALES, type Locale } from '../../api/locales.ts';
import {
  ACCEPT_LANGUAGE_CACHE_ENTRIES,
  MAX_ACCEPT_LANGUAGE_RANGES,
  MAX_CACHED_ACCEPT_LANGUAGE_LENGTH,
} from './constants.ts';

// RFC 9110 12.5.4: a language range is `*` or 1*8ALPHA *("-" 1*8alphanum); a weight is 0 to 1 with up to 3 decimals.
// An underscore separator (fr_FR, a POSIX locale name) is accepted too: its meaning is plain, as matchLocale reads it.
const LANGUAGE_RANGE = /^(?:\*|[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*)$/;
const WEIGHT = /^q=(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

const remembered = new Map<string, Locale>();

/**
 * The supported language an Accept-Language value prefers most (highest weight; the earlier range on a tie), or
 * English. A malformed range is skipped, never an error: the header only chooses the wording of error messages.
 * `*` stands for any language not named otherwise, so English unless English was refused with q=0.
 */
export function preferredLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const known = remembered.get(header);
  if (known) return known;
  const locale = negotiate(header);
  if (header.length <= MAX_CACHED_ACCEPT_LANGUAGE_LENGTH) {
    // Dropping everything when full is cruder than LRU but costs nothing per hit, and real traffic has few values.
    if (remembered.size >= ACCEPT_LANGUAGE_CACHE_ENTRIES) remembered.clear();
    remembered.set(header, locale);
  }
  return locale;
}

function negotiate(header: string): Locale {
  const named = new Set<Locale>();
  let best: Locale | undefined;
  let bestWeight = 0;
  let wildcardWeight = 0;
  for (const part of header.split(',', MAX_ACCEPT_LANGUAGE_RANGES)) {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!LANGUAGE_RANGE.test(range)) continue;
    const weight = weightOf(params);
    if (weight === undefined) continue;
    if (range === '*') {
      wildcardWeight = Math.max(wildcardWeight, weight);
      continue;
    }
    const locale = matchLocale(range);
    if (!locale) continue;
    named.add(locale);
    if (weight > bestWeight) {
      best = locale;
      bestWeight = weight;
    }
  }
  // The wildcard's languages are the supported ones no range named (a named one, even refused, has its own weight).
  const unnamed = SUPPORTED_LOCALES.find((locale) => !named.has(locale));
  if (unnamed && wildcardWeight > bestWeight) return unnamed;
  return best ?? DEFAULT_LOCALE;
}

/** The q-value among a range's parameters (1 when absent), or undefined when it is malformed. */
function weightOf(params: readonly string[]): number | undefined {
  let weight = 1;
  for (const param of params) {
    if (!WEIGHT.test(param)) return undefined;
    weight = Number(param.slice(2));
  }
  return weight;
}
