import { escapeHtml } from './escape.ts';

export type MagicLinkPurpose = 'login' | 'signup';

/** The email a magic link travels in: plain text first (what the dev inbox shows), and a simple HTML part. */
export function magicLinkEmail(input: {
  projectName: string;
  purpose: MagicLinkPurpose;
  link: string;
  expiresInMinutes: number;
}): { subject: string; text: string; html: string } {
  const action = input.purpose === 'login' ? 'log in to' : 'finish signing up for';
  const subject = `Your ${input.projectName} ${input.purpose === 'login' ? 'login' : 'sign-up'} link`;
  const lifetime = `It expires in ${input.expiresInMinutes} minutes and works once.`;
  const ignore = 'If you did not ask for this email, you can ignore it.';
  const text = [`Hello,`, ``, `Use this link to ${action} ${input.projectName}. ${lifetime}`, ``, input.link, ``, ignore].join(
    '\n',
  );
  const html = `<!doctype html>
<html lang="en"><body style="font-family: system-ui, sans-serif; line-height: 1.5">
<p>Hello,</p>
<p>Use this link to ${escapeHtml(action)} ${escapeHtml(input.projectName)}. ${escapeHtml(lifetime)}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(subject.replace(/^Your /, 'Open your '))}</a></p>
<p>${escapeHtml(ignore)}</p>
</body></html>`;
  return { subject, text, html };
}
