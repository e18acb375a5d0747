// The lazily loaded half of phone support (see phone.ts): parsing, validation and formatting with libphonenumber-js
// (its "min" metadata: validity by each region's lengths and leading digits), and the country list.
import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';

export interface CountryOption {
  /** ISO 3166-1 alpha-2, e.g. `US`. */
  code: string;
  /** Without '+', e.g. `1`. */
  callingCode: string;
  /** The region's name in `locale`, e.g. `United States`. */
  name: string;
}

const COUNTRIES = new Set<string>(getCountries());

function isCountry(code: string): code is CountryCode {
  return COUNTRIES.has(code);
}

/** The E.164 form of a typed number in `country` (or of an international number typed with '+'), or null if invalid. */
export function validatePhone(typed: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(typed.trim(), isCountry(country) ? country : undefined);
  return parsed?.isValid() ? parsed.number : null;
}

/** An E.164 number for display, e.g. `+1 415 555 2671`; the input itself when it does not parse. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** Every region with its calling code and its name in `locale`, sorted by name. */
export function countryOptions(locale: string): CountryOption[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator(locale);
  return getCountries()
    .map((code) => ({ code, callingCode: getCountryCallingCode(code), name: names?.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
