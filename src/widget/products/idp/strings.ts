// Strings of the consent and logout screens (spec sections 2, 3 and 6), English. Registered with the translator's
// defaults when the product's chunk loads; i18n/lazy.ts lists this table's type so every key is in `strings`. The
// catalogue's messages (denied, missing parameter, no session) are in i18n/en-errors.ts. Where the spec gives no
// text (the consent title, the scope titles), the plain text here is our choice.
import { registerDefaults } from '../../i18n/index.ts';
import '../../i18n/en-errors.ts';

export const enIdp = {
  // Consent (spec section 2): the app, the project, the requested scopes, Allow and Deny
  'consent.title': '{clientName} wants to access your {project} account',
  'consent.logoAlt': '{clientName} logo',
  'consent.allowsTo': 'This will allow {clientName} to:',
  'consent.allow': 'Allow',
  'consent.deny': 'Deny',
  // Ungrantable scopes (spec section 6)
  'consent.cannotGrant': "You cannot grant {clientName}'s request to:",
  'consent.noPermission': 'You do not have permissions to grant {client} access to some of the requested scopes.',
  // Standard scopes have a fixed title each (spec section 3)
  'consent.scope.openid': 'Confirm who you are',
  'consent.scope.profile': 'View your name and profile picture',
  'consent.scope.email': 'View your email address',
  'consent.scope.phone': 'View your phone number',
  'consent.scope.full_access': 'Act on your behalf with full access to your account',
  'consent.scope.offline_access': 'Keep access to your account while you are away',
  // Custom scopes have a different title, and the RBAC policy's description under it (spec section 3)
  'consent.scope.custom': 'Use the permission “{scope}”',
  // Logout (spec section 2)
  'logout.title': 'Are you sure you want to log out of your {project} account?',
  'logout.yes': 'Yes',
  'logout.no': 'No',
  'logout.notLoggedOut': 'You have not been logged out. You may close this page.',
  // While a call runs or the page leaves for the app
  'consent.working': 'Please wait...',
} as const;

registerDefaults(enIdp);
