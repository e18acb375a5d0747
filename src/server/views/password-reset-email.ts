import { escapeHtml } from './escape.ts';

/** The reset email: the link to the reset form, plain text first (what the dev inbox shows) and a simple HTML part. */
export function passwordResetEmail(input: { projectName: string; link: string; expiresInMinutes: number }): {
  subject: string;
  text: string;
  html: string;
} {
  const subject = `Reset your ${input.projectName} password`;
  const lifetime = `It expires in ${input.expiresInMinutes} minutes and works once.`;
  const ignore = 'If you did not ask to reset your password, you can ignore this email; your password stays the same.';
  const text = [
    'Hello,',
    '',
    `Use this link to choose a new password for ${input.projectName}. ${lifetime}`,
    '',
    input.link,
    '',
    ignore,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: system-ui, sans-serif; line-height: 1.5">
<p>Hello,</p>
<p>Use this link to choose a new password for ${escapeHtml(input.projectName)}. ${escapeHtml(lifetime)}</p>
<p><a href="${escapeHtml(input.link)}">Reset your password</a></p>
<p>${escapeHtml(ignore)}</p>
</body></html>`;
  return { subject, text, html };
}
