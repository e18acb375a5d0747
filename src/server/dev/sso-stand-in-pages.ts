// The pages of the enterprise SSO stand-ins (development only): the sign-in page of an organization's identity
// provider and the one check of its form, and the SAML stand-in's page that posts its Response to the service (the
// HTTP-POST binding).
import { Errors } from '../http/errors.ts';
import type { OrganizationRow } from '../store/organizations.ts';
import { escapeHtml } from '../views/escape.ts';
import { servicePage } from '../views/oauth-pages.ts';

export interface StandInSignInPage {
  protocol: 'SAML' | 'OIDC';
  organizationName: string;
  /** The organization's email domains: the address must be at one of them. */
  domains: readonly string[];
  /** The protocol's fields the form carries on (the AuthnRequest and RelayState, or the authorization request). */
  hidden: Record<string, string>;
  /** Members of the organization who signed in before, offered as one-click choices. */
  members: { email: string; name: string }[];
  values?: { email: string; name: string };
  error?: string;
}

/**
 * An organization's sign-in page at its identity provider, as the stand-in shows it: any name and any address at the
 * organization's domain signs in; nothing else is checked. Ids are stable for browser tests: `dev-sso-form`,
 * `dev-sso-name`, `dev-sso-email`, `dev-sso-sign-in`, `dev-sso-error`, and one `dev-sso-member` button (with
 * `data-email`) per member offered.
 */
export function standInSignInPage(input: StandInSignInPage): string {
  const title = `Sign in to ${input.organizationName} (dev ${input.protocol} identity provider)`;
  const hidden = Object.entries(input.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const members = input.members.length
    ? `<h2>Members who signed in before</h2>
<ul class="identities">${input.members.map((member) => memberItem(member, hidden)).join('\n')}</ul>
<h2>Or another address</h2>`
    : '';
  const error = input.error ? `<p class="error" role="alert" id="dev-sso-error">${escapeHtml(input.error)}</p>` : '';
  const domain = input.domains[0] ?? 'example.com';
  return servicePage(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="note">This page stands in for ${escapeHtml(input.organizationName)}'s own identity provider in development.
Any name and any address at ${input.domains.map(escapeHtml).join(', ') || 'any domain'} signs in; ` +
      `no password is asked.</p>
${members}
<form method="post" id="dev-sso-form"${input.error ? ' aria-describedby="dev-sso-error"' : ''}>
${error}
${hidden}
<label for="dev-sso-name">Name</label>
<input id="dev-sso-name" name="name" autocomplete="name" value="${escapeHtml(input.values?.name ?? '')}">
<label for="dev-sso-email">Work email</label>
<input id="dev-sso-email" name="email" type="email" autocomplete="email" required ` +
      `placeholder="name@${escapeHtml(domain)}"
  value="${escapeHtml(input.values?.email ?? '')}">
<button type="submit" class="primary" id="dev-sso-sign-in">Sign in</button>
</form>`,
  );
}

function memberItem(member: { email: string; name: string }, hidden: string): string {
  const email = escapeHtml(member.email);
  const name = escapeHtml(member.name || member.email);
  return (
    `<li><form method="post">${hidden}
<input type="hidden" name="email" value="${email}"><input type="hidden" name="name" value="${escapeHtml(member.name)}">
<button type="submit" class="dev-sso-member" data-email="${email}">` +
    `Continue as ${name} &lt;${email}&gt;</button></form></li>`
  );
}

/**
 * The SAML stand-in's answer: its signed Response in a form that posts to the service's Assertion Consumer Service.
 * A real IdP submits it with a script; the service's pages run none (their policy allows no script), so the visitor
 * presses Continue. Ids: `dev-saml-post`, `dev-saml-continue`.
 */
export function samlPostPage(input: {
  acsUrl: string;
  samlResponse: string;
  relayState: string;
  email: string;
}): string {
  return servicePage(
    'Continue to the service (dev SAML identity provider)',
    `<h1>Signed in as ${escapeHtml(input.email)}</h1>
<p class="note">The dev SAML identity provider signed a Response for this address. Continue to post it to the
service's Assertion Consumer Service.</p>
<form method="post" action="${escapeHtml(input.acsUrl)}" id="dev-saml-post">
<input type="hidden" name="SAMLResponse" value="${escapeHtml(input.samlResponse)}">
<input type="hidden" name="RelayState" value="${escapeHtml(input.relayState)}">
<button type="submit" class="primary" id="dev-saml-continue">Continue</button>
</form>`,
  );
}

/** A corporate IdP knows only its own people: the address must be at one of the organization's domains. */
export function atOrganizationDomain(organization: OrganizationRow, email: string): void {
  const domains = organization.email_allowed_domains;
  if (domains.length > 0 && !domains.includes(email.slice(email.lastIndexOf('@') + 1))) {
    throw Errors.invalidRequest('devSsoEmailNotAtDomain', { domains: domains.join(', ') });
  }
}
