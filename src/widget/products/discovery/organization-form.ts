// Create an organization's form rules: the slug follows the name as it is typed (until the visitor edits the slug),
// and is checked against the slug rule (ORGANIZATION_SLUG_RULE, the service's) before it is sent.
import type { MessageKey } from '../../i18n/en.ts';
import type { DiscoveredOrganization } from '../../../api/discovery.ts';
import type { DirectLoginForSingleMembership } from './config.ts';
import { JOINING_MEMBERSHIPS, ORGANIZATION_SLUG_RULE } from './constants.ts';

/** A slug made from a name: lower case, each run of other characters one '-', none at either end. */
export function slugFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._~]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Whether the slug rule accepts `slug`. */
export function slugAllowed(slug: string): boolean {
  return ORGANIZATION_SLUG_RULE.test(slug);
}

/** The form's first error, if any: a name is needed, and a slug the rule accepts. */
export function organizationFormError(form: {
  name: string;
  slug: string;
}): { field: 'name' | 'slug'; messageKey: MessageKey } | null {
  if (!form.name.trim()) return { field: 'name', messageKey: 'discovery.create.nameRequired' };
  if (!slugAllowed(form.slug.trim())) return { field: 'slug', messageKey: 'discovery.create.slugInvalid' };
  return null;
}

/** What an organization's button says it does: join it (by domain, or a pending membership), or accept an invite. */
export function membershipAction(membership: DiscoveredOrganization['membership']): MessageKey | null {
  if ((JOINING_MEMBERSHIPS as readonly string[]).includes(membership.type)) return 'discovery.join';
  return membership.type === 'invited_member' ? 'discovery.acceptInvite' : null;
}

/**
 * The organization to sign in to at once (the hosted provider's direct login for a single membership): the one
 * organization the address is an active member of, unless invitations or organizations it may join wait and the
 * config does not ignore them.
 */
export function directLoginOrganization(
  organizations: readonly DiscoveredOrganization[],
  rule: DirectLoginForSingleMembership | null | undefined,
): DiscoveredOrganization | null {
  if (!rule?.status) return null;
  const active = organizations.filter((o) => o.membership.type === 'active_member');
  const waiting = organizations.some(({ membership: { type } }) =>
    type === 'pending_member' || type === 'invited_member'
      ? !rule.ignoreInvites
      : type === 'eligible_to_join_by_email_domain' && !rule.ignoreJitProvisioning,
  );
  return active.length === 1 && !waiting ? active[0]! : null;
}
