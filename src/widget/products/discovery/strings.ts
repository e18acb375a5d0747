// Strings of the organization discovery screens, English. Registered with the translator's defaults when the product's
// chunk loads, before any of its screens render; i18n/lazy.ts lists this table's type so every key is in `strings`.
// Where the spec is silent, the hosted provider's organization UI's own English texts.
import { registerDefaults } from '../../i18n/index.ts';

export const enDiscovery = {
  // Check your email: the discovery link went to the address typed on Main.
  'discovery.checkEmail.title': 'Check your email',
  'discovery.checkEmail.text': 'An email was sent to {email}.',
  'discovery.checkEmail.tryAgain': 'Try a different email address',
  // Organization discovery: the organizations the proven address belongs to or may join.
  'discovery.title': 'Select an organization to continue',
  'discovery.listLabel': 'Organizations for {email}',
  'discovery.join': 'Join',
  'discovery.acceptInvite': 'Accept Invite',
  'discovery.joining': 'Signing in to {organization}…',
  'discovery.createOrganization': 'Create an organization',
  'discovery.tryAgain': 'Try a different email address',
  'discovery.authPolicy':
    "Unable to join due to {organization}'s authentication policy. Please contact your admin for more information.",
  // …when there is none.
  'discovery.none.title': '{email} does not belong to any organizations.',
  'discovery.none.text':
    'Make sure your email address is correct. Otherwise, you might need to be invited by your admin.',
  'discovery.noneCreate.title': 'Create an organization to get started',
  'discovery.noneCreate.text':
    '{email} does not have an account. Think this is a mistake? Try a different email address, or contact your admin.',
  // Create an organization.
  'discovery.create.title': 'Create an organization',
  'discovery.create.nameLabel': 'Organization name',
  'discovery.create.slugLabel': 'Organization slug',
  'discovery.create.slugHint': 'Lower-case letters, digits and - . _ ~ (the address of its sign-in page).',
  'discovery.create.submit': 'Create organization',
  'discovery.create.nameRequired': "Enter the organization's name.",
  'discovery.create.slugInvalid': 'Slug format is invalid.',
} as const;

registerDefaults(enDiscovery);
