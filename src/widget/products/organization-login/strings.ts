// Strings of the organization login screens, English. Registered with the translator's defaults when the product's
// chunk loads, before any of its screens render; i18n/lazy.ts lists this table's type so every key is in `strings`.
// Where the spec is silent, the hosted provider's organization UI's own English texts.
import { registerDefaults } from '../../i18n/index.ts';

export const enOrganizationLogin = {
  // Organization login: the organization the page names, and its sign-in methods.
  'organizationLogin.title': 'Continue to {organizationName}',
  'organizationLogin.titleUnknown': 'Continue to ...',
  'organizationLogin.email.label': 'Email',
  'organizationLogin.email.continue': 'Continue',
  'organizationLogin.divider': 'or',
  'organizationLogin.connections.label': 'Single sign-on connections of {organizationName}',
  'organizationLogin.continueWith': 'Continue with {connection}',
  // Check your email: the organization's link went to the address.
  'organizationLogin.checkEmail.title': 'Check your email',
  'organizationLogin.checkEmail.text': 'An email was sent to {email}.',
  'organizationLogin.checkEmail.tryAgain': 'Try a different email address',
  // No organization by the page's slug (the root's Error screen).
  'organizationLogin.notFound':
    'The organization you are looking for could not be found. If you think this is a mistake, contact your admin.',
} as const;

registerDefaults(enOrganizationLogin);
