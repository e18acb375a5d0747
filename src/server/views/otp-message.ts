import type { Locale } from '../../api/locales.ts';
import type { OtpMethod } from '../../api/otps.ts';
import { escapeHtml } from './escape.ts';
import { deliveryWording, htmlEmail, paragraph, type DeliveredContent } from './delivered-message.ts';

export type OtpPurpose = 'login' | 'signup';

/**
 * The message a passcode travels in, in the recipient's language. A text or WhatsApp message is one short sentence
 * (what a phone shows in its notification); an email adds a subject, a greeting and an HTML part.
 */
export function otpMessage(input: {
  locale: Locale;
  channel: OtpMethod;
  projectName: string;
  purpose: OtpPurpose;
  code: string;
  expiresInMinutes: number;
}): DeliveredContent {
  const wording = deliveryWording(input.locale);
  const project = input.projectName;
  const duration = wording.minutes(input.expiresInMinutes);
  const sentence = wording.text('otpSentence', { project, code: input.code, duration });
  if (input.channel !== 'email') return { subject: '', text: sentence, html: '' };

  const subject = wording.text(input.purpose === 'login' ? 'otpLoginSubject' : 'otpSignupSubject', { project });
  const greeting = wording.text('deliveryGreeting');
  const ignore = wording.text('otpIgnore');
  const text = [greeting, '', sentence, '', ignore].join('\n');
  const html = htmlEmail(input.locale, [
    paragraph(greeting),
    paragraph(wording.text('otpCodeIs', { project })),
    `<p style="font-size: 2rem; font-weight: 700; letter-spacing: .25em">${escapeHtml(input.code)}</p>`,
    paragraph(wording.text('otpExpiresIn', { duration })),
    paragraph(ignore),
  ]);
  return { subject, text, html };
}
