// What the element's config and several parts of the widget share: the products and config defaults (spec section
// 9), the locale, and the form's rules. A value one product uses lives in its products/<name>/constants.ts, the
// element's DOM names in dom-names.ts, its events in events.ts, and the UI kit's measures in ui/constants.ts.
// Wire-level defaults (magic-link expiry, session length, token query parameters) live in src/api and are imported
// from there, not repeated here.

/** Products the widget can show; the default is email magic links only (spec section 1). */
export const PRODUCTS = ['emailMagicLinks', 'otp', 'passwords', 'oauth', 'crypto', 'passkeys'] as const;
export const DEFAULT_PRODUCTS = ['emailMagicLinks'] as const;
/** The registry name of the consent and logout screens (products/idp/): not a value of `products`. */
export const IDENTITY_PROVIDER = 'identityProvider';
/**
 * `otpOptions.methods` when a page enables the `otp` product without naming methods: email, the default passcode type
 * of the widget state (spec section 3, `otpState.type`).
 */
export const DEFAULT_OTP_METHODS = ['email'] as const;
/** `emailMagicLinksOptions.createUserAsPending` default (spec section 9). */
export const DEFAULT_CREATE_USER_AS_PENDING = false;
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
