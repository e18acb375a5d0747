// The pages a browser sees during social sign-in on the service itself: the dev identity provider's sign-in page
// and the error page of a navigation that cannot go on (unknown state, a failed code exchange).
import { escapeHtml } from './escape.ts';

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 30rem; padding: 1rem; color: #1a1a1a; }
  h1 { font-size: 1.4rem; }
  label { display: block; font-weight: 600; margin-top: .75rem; }
  input { font: inherit; width: 100%; box-sizing: border-box; padding: .5rem; border: 1px solid #6b6b6b; border-radius: 4px; }
  button { font: inherit; padding: .5rem 1rem; margin: .75rem .5rem 0 0; border-radius: 4px; border: 1px solid #1a73e8; cursor: pointer; }
  button.primary { background: #1a73e8; color: #fff; }
  button.secondary { background: #fff; color: #1a73e8; }
  :focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
  .identities { list-style: none; padding: 0; }
  .identities button { width: 100%; text-align: left; background: #fff; color: #1a1a1a; border-color: #c8c8c8; }
  .error { color: #b00020; font-weight: 600; }
  .note { color: #4a4a4a; font-size: .9rem; }`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface DevSignInPageInput {
  providerName: string;
  projectName: string;
  state: string;
  identities: { email: string; name: string }[];
  values?: { email: string; name: string };
  error?: string;
}

/**
 * The dev identity provider's page, like the Firebase Auth emulator's: any name and address signs in. Ids are stable
 * for browser tests: `dev-idp-form`, `dev-idp-name`, `dev-idp-email`, `dev-idp-sign-in`, `dev-idp-cancel`, and one
 * `dev-idp-identity` button (with `data-email`) per identity used before.
 */
export function devSignInPage(input: DevSignInPageInput): string {
  const title = `Sign in with ${input.providerName} (dev identity provider)`;
  const state = `<input type="hidden" name="state" value="${escapeHtml(input.state)}">`;
  const identities = input.identities.length
    ? `<h2>Identities used before</h2>
<ul class="identities">${input.identities
        .map(
          (identity) => `<li><form method="post">${state}
<input type="hidden" name="email" value="${escapeHtml(identity.email)}"><input type="hidden" name="name" value="${escapeHtml(identity.name)}">
<button type="submit" class="dev-idp-identity" data-email="${escapeHtml(identity.email)}">Continue as ${escapeHtml(identity.name)} &lt;${escapeHtml(identity.email)}&gt;</button></form></li>`,
        )
        .join('\n')}</ul>
<h2>Or a new identity</h2>`
    : '';
  const error = input.error ? `<p class="error" role="alert" id="dev-idp-error">${escapeHtml(input.error)}</p>` : '';
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="note">This page stands in for ${escapeHtml(input.providerName)} while ${escapeHtml(input.projectName)} runs
without ${escapeHtml(input.providerName)} credentials. Any name and email address signs in; nothing is checked.</p>
${identities}
<form method="post" id="dev-idp-form"${input.error ? ' aria-describedby="dev-idp-error"' : ''}>
${error}
${state}
<label for="dev-idp-name">Name</label>
<input id="dev-idp-name" name="name" autocomplete="name" value="${escapeHtml(input.values?.name ?? '')}">
<label for="dev-idp-email">Email</label>
<input id="dev-idp-email" name="email" type="email" autocomplete="email" required value="${escapeHtml(input.values?.email ?? '')}">
<button type="submit" class="primary" id="dev-idp-sign-in" name="action" value="sign_in">Sign in</button>
<button type="submit" class="secondary" id="dev-idp-cancel" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`,
  );
}

/** A navigation that cannot go on. The error type is in the page (`#error-type`) for people and tests alike. */
export function oauthErrorPage(input: { errorType: string; message: string }): string {
  return page(
    'Sign-in could not be completed',
    `<h1>Sign-in could not be completed</h1>
<p role="alert">${escapeHtml(input.message)}</p>
<p class="note">Error type: <code id="error-type">${escapeHtml(input.errorType)}</code></p>
<p>Go back to the site and start the sign-in again.</p>`,
  );
}
