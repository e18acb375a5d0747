import type { Locale } from '../../api/locales.ts';
import { deliveryWording, linkEmail, type DeliveredContent } from './delivered-message.ts';

export type MagicLinkPurpose = 'login' | 'signup';

/** The email a magic link travels in, in the recipient's language. */
export function magicLinkEmail(input: {
  locale: Locale;
  projectName: string;
  purpose: MagicLinkPurpose;
  link: string;
  expiresInMinutes: number;
}): DeliveredContent {
  const wording = deliveryWording(input.locale);
  const project = input.projectName;
  const login = input.purpose === 'login';
  const lifetime = wording.text('linkLifetime', { duration: wording.minutes(input.expiresInMinutes) });
  return linkEmail(wording, {
    subject: wording.text(login ? 'magicLinkLoginSubject' : 'magicLinkSignupSubject', { project }),
    body: wording.text(login ? 'magicLinkLoginBody' : 'magicLinkSignupBody', { project, lifetime }),
    link: input.link,
    linkLabel: wording.text(login ? 'magicLinkLoginButton' : 'magicLinkSignupButton', { project }),
    ignore: wording.text('magicLinkIgnore'),
  });
}
