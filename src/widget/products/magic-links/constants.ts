// Values of the email magic links product.

/** The `type` detail of magic-link telemetry: login-or-create email magic link. */
export const LOGIN_OR_CREATE_EML = 'login_or_create_eml';
/** Web-mail shortcuts of Email Confirmation (spec section 2). `{domain}` is the email domain. */
export const MAIL_LINKS = {
  gmailForDomain: 'https://mail.google.com/mail/u/0/#search/from%3A{domain}+in%3Aanywhere',
  gmail: 'https://mail.google.com/mail/u/0/#inbox',
  yahooForDomain: 'https://mail.yahoo.com/d/search/keyword=from%253A{domain}',
  yahoo: 'https://mail.yahoo.com/d/folders/1',
  outlook: 'https://outlook.live.com/mail/0/inbox',
} as const;
