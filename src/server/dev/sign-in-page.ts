// The dev identity provider's sign-in page (development only), in the service's page layout.
import { escapeHtml } from '../views/escape.ts';
import { servicePage } from '../views/oauth-pages.ts';

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
<ul class="identities">${input.identities.map((identity) => identityItem(identity, state)).join('\n')}</ul>
<h2>Or a new identity</h2>`
    : '';
  const error = input.error ? `<p class="error" role="alert" id="dev-idp-error">${escapeHtml(input.error)}</p>` : '';
  const nameValue = escapeHtml(input.values?.name ?? '');
  const emailValue = escapeHtml(input.values?.email ?? '');
  return servicePage(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="note">This page stands in for ${escapeHtml(input.providerName)} while ${escapeHtml(input.projectName)} runs
without ${escapeHtml(input.providerName)} credentials. Any name and email address signs in; nothing is checked.</p>
${identities}
<form method="post" id="dev-idp-form"${input.error ? ' aria-describedby="dev-idp-error"' : ''}>
${error}
${state}
<label for="dev-idp-name">Name</label>
<input id="dev-idp-name" name="name" autocomplete="name" value="${nameValue}">
<label for="dev-idp-email">Email</label>
<input id="dev-idp-email" name="email" type="email" autocomplete="email" required value="${emailValue}">
<button type="submit" class="primary" id="dev-idp-sign-in" name="action" value="sign_in">Sign in</button>
<button type="submit" class="secondary" id="dev-idp-cancel" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`,
  );
}

/** One identity used before: a form that signs in as it again, with the page's state. */
function identityItem(identity: { email: string; name: string }, state: string): string {
  const email = escapeHtml(identity.email);
  const name = escapeHtml(identity.name);
  const label = `Continue as ${name} &lt;${email}&gt;`;
  return `<li><form method="post">${state}
<input type="hidden" name="email" value="${email}"><input type="hidden" name="name" value="${name}">
<button type="submit" class="dev-idp-identity" data-email="${email}">${label}</button></form></li>`;
}
