// Every constant of the widget spec (section 9) and of the element's public surface that the widget uses, named once.
// Wire-level defaults (magic-link expiry, session length, token query parameters) live in src/api and are imported
// from there, not repeated here.

/** The element's tag name. */
export const TAG_NAME = 'auth-login';

/** DOM event for every widget event (`detail: { type, data }`). */
export const WIDGET_EVENT = 'auth-login-event';
/** DOM event for every error the widget reports (`detail: { message, error_type? }`). */
export const WIDGET_ERROR_EVENT = 'auth-login-error';

/** The `type` of the widget events (in `auth-login-event` and `callbacks.onEvent`). */
export const EVENT_TYPES = {
  /** A magic link was sent (login or sign-up). `data` is the login-or-create response. */
  MAGIC_LINK_LOGIN_OR_CREATE: 'MAGIC_LINK_LOGIN_OR_CREATE',
  /** The magic-link token from the page URL was authenticated. `data` is the authenticate response. */
  MAGIC_LINK_AUTHENTICATE: 'MAGIC_LINK_AUTHENTICATE',
  /** The flow finished and a session exists. `data` is `{}`. */
  AUTHENTICATE_FLOW_COMPLETE: 'AUTHENTICATE_FLOW_COMPLETE',
} as const;
export type WidgetEventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

/** Telemetry event names sent through `client.events.log`. */
export const TELEMETRY = {
  renderLoginScreen: 'render_login_screen',
  emailSent: 'email_sent',
  emailTryAgainClicked: 'email_try_again_clicked',
} as const;
/** The `type` detail of magic-link telemetry: login-or-create email magic link. */
export const LOGIN_OR_CREATE_EML = 'login_or_create_eml';

/** Products the widget can show; the default is email magic links only (spec section 1). */
export const PRODUCTS = ['emailMagicLinks', 'otp', 'passwords', 'oauth', 'crypto', 'passkeys'] as const;
export const DEFAULT_PRODUCTS = ['emailMagicLinks'] as const;
/** `emailMagicLinksOptions.createUserAsPending` default (spec section 9). */
export const DEFAULT_CREATE_USER_AS_PENDING = false;
/** Default locale (spec section 9). */
export const DEFAULT_LOCALE = 'en';

/**
 * The email pattern of the magic-link and passcode forms (spec section 5): a local part of letters, digits and the
 * usual symbols (dot-separated), `@`, one or more domain labels, and a top-level domain of at least 2 letters.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** Spinner rotation (spec section 9: 1.4 s). */
export const SPINNER_ANIMATION_MS = 1400;
/** Height of every button (default theme, spec section 9). */
export const BUTTON_HEIGHT = '45px';

/** Key of the Emotion cache: class names start with it, its `<style>` elements carry `data-emotion="auth-login"`. */
export const EMOTION_CACHE_KEY = 'auth-login';

/** Web-mail shortcuts of Email Confirmation (spec section 2). `{domain}` is the email domain. */
export const MAIL_LINKS = {
  gmailForDomain: 'https://mail.google.com/mail/u/0/#search/from%3A{domain}+in%3Aanywhere',
  gmail: 'https://mail.google.com/mail/u/0/#inbox',
  yahooForDomain: 'https://mail.yahoo.com/d/search/keyword=from%253A{domain}',
  yahoo: 'https://mail.yahoo.com/d/folders/1',
  outlook: 'https://outlook.live.com/mail/0/inbox',
} as const;
