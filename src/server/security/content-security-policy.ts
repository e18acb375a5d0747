import { createHash } from 'node:crypto';

/**
 * The policy of a page the service renders itself (OAuth error page, dev pages): nothing loads or runs except the
 * page's own inline <style> blocks, allowed by their SHA-256 hashes (no 'unsafe-inline'), and no site may frame the
 * page (clickjacking a sign-in form). `form-action` is left open on purpose: browsers apply it to the redirect after
 * a form post, and the dev sign-in form's redirect goes to the site's own origin.
 */
export function pagePolicy(html: string): string {
  const styleHashes = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '', 'utf8')
        .digest('base64')}'`,
  );
  return [
    "default-src 'none'",
    `style-src ${styleHashes.length ? styleHashes.join(' ') : "'none'"}`,
    'img-src data:',
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
