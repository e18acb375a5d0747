// The web-mail shortcuts of Email Confirmation (spec section 2).
import { MAIL_LINKS } from './constants.ts';
import type { MessageKey } from '../../i18n/en.ts';

export interface MailLink {
  label: MessageKey;
  href: string;
}

/** The configured domainHint, else the single bootstrap email domain when there is exactly one, else none. */
export function emailDomainFor(domainHint: string | undefined, emailDomains: readonly string[]): string | undefined {
  if (domainHint) return domainHint;
  return emailDomains.length === 1 ? emailDomains[0] : undefined;
}

/** Gmail and Yahoo search for mail from the domain when there is one; Outlook always opens the inbox. */
export function mailLinks(domain: string | undefined): MailLink[] {
  const withDomain = (template: string) => template.replace('{domain}', encodeURIComponent(domain ?? ''));
  return [
    { label: 'emailConfirmation.openGmail', href: domain ? withDomain(MAIL_LINKS.gmailForDomain) : MAIL_LINKS.gmail },
    { label: 'emailConfirmation.openYahoo', href: domain ? withDomain(MAIL_LINKS.yahooForDomain) : MAIL_LINKS.yahoo },
    { label: 'emailConfirmation.openOutlook', href: MAIL_LINKS.outlook },
  ];
}
