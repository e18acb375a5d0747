// The phone library seam. libphonenumber-js is big (its metadata alone is tens of KB), so it lives in its own lazy
// chunk (phone-lib.ts) that loads the first time a phone tab shows or a number is validated. Everything here is tiny
// and runs without it: the loader, the 2-second fallback rule, and the composition of an E.164 number.
import { E164_PATTERN } from '../api/otps.ts';
import { DEFAULT_LOCALE, PHONE_SEPARATORS } from './constants.ts';

export type PhoneLibrary = typeof import('./phone-lib.ts');
export type PhoneLibraryLoader = () => Promise<PhoneLibrary>;

const defaultLoader: PhoneLibraryLoader = () => import('./phone-lib.ts');
let loader: PhoneLibraryLoader = defaultLoader;
let loading: Promise<PhoneLibrary> | null = null;

/** The phone library, loaded once (its own chunk) and shared; a failed load is tried again on the next call. */
export function loadPhoneLibrary(): Promise<PhoneLibrary> {
  loading ??= loader().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Replaces how the library is loaded and forgets a loaded copy; without an argument, restores the real loader.
 * For tests (a loader that never resolves or that fails, to exercise the fallbacks) and for hosts that bring their own.
 */
export function setPhoneLibraryLoader(next?: PhoneLibraryLoader): void {
  loader = next ?? defaultLoader;
  loading = null;
}

/**
 * The number the visitor typed, without the library (the spec's 2-second fallback, "country prefix plus digits"): the
 * selected country's calling code and the typed digits (spaces, dashes, dots and brackets ignored), or the typed
 * number itself when it starts with '+'. Null when that is not a '+' and digits in E.164's length.
 */
export function fallbackE164(typed: string, callingCode: string): string | null {
  const compact = typed.trim().replace(PHONE_SEPARATORS, '');
  if (compact === '' || compact === '+') return null;
  const candidate = compact.startsWith('+') ? compact : `+${callingCode}${compact}`;
  return E164_PATTERN.test(candidate) ? candidate : null;
}

const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * A region's name in `locale`, the widget's language tag (the browser knows them, no library needed); the code itself
 * otherwise. One DisplayNames per language for the page: making one loads the browser's region names, tens of
 * milliseconds on a slow machine.
 */
export function regionName(code: string, locale: string = DEFAULT_LOCALE): string {
  try {
    let names = regionNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([regionLocale(locale), DEFAULT_LOCALE], { type: 'region' });
      regionNames.set(locale, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A language tag the browser's region names and collation accept: `tag`, else English (a malformed or absent tag). */
export function regionLocale(tag: string | null | undefined): string {
  try {
    return (tag && Intl.getCanonicalLocales(tag)[0]) || DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}
