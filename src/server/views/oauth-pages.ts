// The pages a browser sees during social sign-in on the service itself: the error page of a navigation that cannot go
// on (unknown state, a failed code exchange), and the shared layout the dev identity provider's page uses too.
import { escapeHtml } from './escape.ts';

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 30rem; padding: 1rem; color: #1a1a1a; }
  h1 { font-size: 1.4rem; }
  label { display: block; font-weight: 600; margin-top: .75rem; }
  input {
    font: inherit; width: 100%; box-sizing: border-box; padding: .5rem; border: 1px solid #6b6b6b; border-radius: 4px;
  }
  button {
    font: inherit; padding: .5rem 1rem; margin: .75rem .5rem 0 0; border-radius: 4px; border: 1px solid #1a73e8;
    cursor: pointer;
  }
  button.primary { background: #1a73e8; color: #fff; }
  button.secondary { background: #fff; color: #1a73e8; }
  :focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
  .identities { list-style: none; padding: 0; }
  .identities button { width: 100%; text-align: left; background: #fff; color: #1a1a1a; border-color: #c8c8c8; }
  .error { color: #b00020; font-weight: 600; }
  .note { color: #4a4a4a; font-size: .9rem; }`;

/**
 * The service's own page layout: one inline style block (the OAuth pages' unless given), no script, and no referrer,
 * so a link clicked on the page never carries the page's URL (a state, a token) to another site.
 */
export function servicePage(title: string, body: string, style: string = STYLE): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** A navigation that cannot go on. The error type is in the page (`#error-type`) for people and tests alike. */
export function oauthErrorPage(input: { errorType: string; message: string }): string {
  return servicePage(
    'Sign-in could not be completed',
    `<h1>Sign-in could not be completed</h1>
<p role="alert">${escapeHtml(input.message)}</p>
<p class="note">Error type: <code id="error-type">${escapeHtml(input.errorType)}</code></p>
<p>Go back to the site and start the sign-in again.</p>`,
  );
}
