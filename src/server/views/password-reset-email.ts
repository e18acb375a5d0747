import type { Locale } from '../../api/locales.ts';
import { deliveryWording, linkEmail, type DeliveredContent } from './delivered-message.ts';

/** The reset email, in the recipient's language: the link to the reset form. */
export function passwordResetEmail(input: {
  locale: Locale;
  projectName: string;
  link: string;
  expiresInMinutes: number;
}): DeliveredContent {
  const wording = deliveryWording(input.locale);
  const project = input.projectName;
  const lifetime = wording.text('linkLifetime', { duration: wording.minutes(input.expiresInMinutes) });
  return linkEmail(wording, {
    subject: wording.text('passwordResetSubject', { project }),
    body: wording.text('passwordResetBody', { project, lifetime }),
    link: input.link,
    linkLabel: wording.text('passwordResetButton'),
    ignore: wording.text('passwordResetIgnore'),
  });
}
