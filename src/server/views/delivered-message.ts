import type { Locale } from '../../api/locales.ts';
import type { OutgoingMessage } from '../delivery/message.ts';
import { message, renderMessage, type MessageArgs, type MessageKey } from '../i18n/message.ts';
import { escapeHtml } from './escape.ts';

/** The words of a message the service delivers: its subject (emails only), plain text and HTML part (emails only). */
export type DeliveredContent = Pick<OutgoingMessage, 'subject' | 'text' | 'html'>;

/**
 * A message's wording in one language: catalogue texts by key, and a number of minutes with its unit ("10 minutos").
 */
export interface DeliveryWording {
  readonly locale: Locale;
  text<Key extends MessageKey>(key: Key, ...args: MessageArgs<Key>): string;
  minutes(count: number): string;
}

const minuteFormats = new Map<Locale, Intl.NumberFormat>();

export function deliveryWording(locale: Locale): DeliveryWording {
  let minuteFormat = minuteFormats.get(locale);
  if (!minuteFormat) {
    minuteFormat = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' });
    minuteFormats.set(locale, minuteFormat);
  }
  const format = minuteFormat;
  return {
    locale,
    text: (key, ...args) => renderMessage(message(key, ...args), locale),
    minutes: (count) => format.format(count),
  };
}

/** The HTML part of an email: its paragraphs (already HTML) in the recipient's language. */
export function htmlEmail(locale: Locale, paragraphs: readonly string[]): string {
  return `<!doctype html>
<html lang="${locale}"><body style="font-family: system-ui, sans-serif; line-height: 1.5">
${paragraphs.join('\n')}
</body></html>`;
}

export function paragraph(text: string): string {
  return `<p>${escapeHtml(text)}</p>`;
}

/**
 * An email that carries one link (a magic link, a password reset): the greeting, what the link does, the link, and
 * what to do if you did not ask. Plain text first (what the dev inbox shows), then the HTML part.
 */
export function linkEmail(
  wording: DeliveryWording,
  parts: { subject: string; body: string; link: string; linkLabel: string; ignore: string },
): DeliveredContent {
  const greeting = wording.text('deliveryGreeting');
  const text = [greeting, '', parts.body, '', parts.link, '', parts.ignore].join('\n');
  const html = htmlEmail(wording.locale, [
    paragraph(greeting),
    paragraph(parts.body),
    `<p><a href="${escapeHtml(parts.link)}">${escapeHtml(parts.linkLabel)}</a></p>`,
    paragraph(parts.ignore),
  ]);
  return { subject: parts.subject, text, html };
}
