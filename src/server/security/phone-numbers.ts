import { parsePhoneNumberWithError, ParseError, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import { E164_PATTERN } from '../../api/otps.ts';
import { Errors } from '../http/errors.ts';

/**
 * Checks a phone number for an SMS or WhatsApp passcode and returns it in E.164 form. It must already be E.164
 * ('+', country code, digits; no spaces) and a valid number by libphonenumber's full metadata (length and number
 * patterns of its region). A country code that no region uses, or a region the project has not enabled
 * (`allowedRegions`, ISO 3166-1 alpha-2; null means every region), is `invalid_phone_number_country_code`;
 * anything else wrong is `invalid_phone_number`.
 */
export function normalizePhoneNumber(raw: string, allowedRegions: readonly string[] | null): string {
  const value = raw.trim();
  if (!E164_PATTERN.test(value)) throw Errors.invalidPhoneNumber();
  let parsed: PhoneNumber;
  try {
    parsed = parsePhoneNumberWithError(value);
  } catch (error) {
    if (error instanceof ParseError && error.message === 'INVALID_COUNTRY')
      throw Errors.invalidPhoneNumberCountryCode();
    throw Errors.invalidPhoneNumber();
  }
  if (!parsed.isValid()) throw Errors.invalidPhoneNumber();
  const region: CountryCode | undefined = parsed.country;
  if (allowedRegions && (!region || !allowedRegions.includes(region))) throw Errors.invalidPhoneNumberCountryCode();
  return parsed.number;
}
