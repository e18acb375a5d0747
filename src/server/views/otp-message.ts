import type { OtpMethod } from '../../api/otps.ts';
import { escapeHtml } from './escape.ts';

export type OtpPurpose = 'login' | 'signup';

/**
 * The message a passcode travels in. A text or WhatsApp message is one short sentence (what a phone shows in its
 * notification); an email adds a subject, a greeting and an HTML part.
 */
export function otpMessage(input: {
  channel: OtpMethod;
  projectName: string;
  purpose: OtpPurpose;
  code: string;
  expiresInMinutes: number;
}): { subject: string; text: string; html: string } {
  const minutes = `${input.expiresInMinutes} minute${input.expiresInMinutes === 1 ? '' : 's'}`;
  const sentence = `Your ${input.projectName} code is ${input.code}. It expires in ${minutes}.`;
  if (input.channel !== 'email') return { subject: '', text: sentence, html: '' };

  const subject = `Your ${input.projectName} ${input.purpose === 'login' ? 'login' : 'sign-up'} code`;
  const ignore = 'If you did not ask for this code, you can ignore this email.';
  const text = ['Hello,', '', sentence, '', ignore].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: system-ui, sans-serif; line-height: 1.5">
<p>Hello,</p>
<p>Your ${escapeHtml(input.projectName)} code is</p>
<p style="font-size: 2rem; font-weight: 700; letter-spacing: .25em">${escapeHtml(input.code)}</p>
<p>It expires in ${escapeHtml(minutes)}.</p>
<p>${escapeHtml(ignore)}</p>
</body></html>`;
  return { subject, text, html };
}
