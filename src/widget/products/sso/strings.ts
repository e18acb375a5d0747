// Strings of the single sign-on screens, English. Registered with the translator's defaults when the product's chunk
// (or Main's block, block.view.ts) loads, before any of its screens render; i18n/lazy.ts lists this table's type so
// every key is in `strings`. Where the spec is silent, the hosted provider's organization UI's own English texts.
import { registerDefaults } from '../../i18n/index.ts';

export const enSso = {
  // Main's block.
  'sso.useSso': 'Use single sign-on',
  // SSO discovery: the address whose domain names the connections.
  'sso.email.title': 'Enter your email to continue',
  'sso.email.label': 'Email',
  'sso.email.continue': 'Continue',
  // …its connections.
  'sso.connections.title': 'Select a connection to continue',
  'sso.connections.label': 'Single sign-on connections for {email}',
  'sso.connections.continueWith': 'Continue with {connection}',
  // …none.
  'sso.none.title': "Sorry, we couldn't find any connections",
  'sso.none.text':
    'No single sign-on connection is set up for {email}. Log in through another method, or contact your admin.',
  'sso.none.tryAnother': 'Try another method',
} as const;

registerDefaults(enSso);
