// What several parts of the widget share: the locale and the form's rules (spec section 9). The products, their
// config defaults and every value one product uses live in its products/<name>/ (index.ts, config.ts, constants.ts),
// the element's DOM names in dom-names.ts, its events in events.ts, and the UI kit's measures in ui/constants.ts.
// Wire-level defaults (magic-link expiry, session length, token query parameters) live in src/api and are imported
// from there, not repeated here.

/** Default locale (spec section 9). */
export const DEFAULT_LOCALE = 'en';
const EMAIL_LOCAL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const EMAIL_DOMAIN_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
/**
 * The email pattern of the magic-link and passcode forms (spec section 5): a local part of letters, digits and the
 * usual symbols (dot-separated), `@`, one or more domain labels, and a top-level domain of at least 2 letters.
 */
export const EMAIL_PATTERN = new RegExp(
  `^${EMAIL_LOCAL_ATOM}(?:\\.${EMAIL_LOCAL_ATOM})*@(?:${EMAIL_DOMAIN_LABEL}\\.)+[A-Za-z]{2,}$`,
);

// ---- Phone numbers (spec sections 5 and 9) ----

/** The country selector's default (spec section 5) and its calling code, known before the phone library loads. */
export const DEFAULT_COUNTRY = 'US';
export const DEFAULT_CALLING_CODE = '1';
/** What a visitor may type between the digits of a number (spaces, dashes, dots, brackets). */
export const PHONE_SEPARATORS = /[\s().-]/g;

// ---- Languages ----

/**
 * Languages written right to left: an effective locale in one of them lays the widget out mirrored (`dir="rtl"` on
 * its root). None has a built-in table; a page gives the texts with `strings`.
 */
export const RTL_LANGUAGES: readonly string[] = ['ar', 'he', 'fa', 'ur'];
