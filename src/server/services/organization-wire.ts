// The one way an organization or a member goes on the wire: the rows' own fields plus what the SSO tables keep about
// them (the organization's active connections, which of them may provision members, the member's SSO registrations),
// so no answer shows an organization without its connections or a member without its registrations.
import type { Member, Organization } from '../../api/organizations.ts';
import type { Db } from '../db/db.ts';
import { toWireMember, type MemberRow } from '../store/members.ts';
import { toWireOrganization, type OrganizationRow } from '../store/organizations.ts';
import { ssoActiveConnectionsOf, ssoJitAllowedConnectionIds } from '../store/sso-connections.ts';
import { ssoRegistrationsOf } from '../store/sso-flows.ts';

/** The wire's Organization with its active SSO connections. */
export async function wireOrganization(db: Db, row: OrganizationRow): Promise<Organization> {
  const [activeConnections, jitAllowedConnectionIds] = await Promise.all([
    ssoActiveConnectionsOf(db, row.id),
    ssoJitAllowedConnectionIds(db, row.id),
  ]);
  return toWireOrganization(row, { activeConnections, jitAllowedConnectionIds });
}

/** The wire's Member with its SSO registrations. */
export async function wireMember(db: Db, row: MemberRow): Promise<Member> {
  return toWireMember(row, await ssoRegistrationsOf(db, row.id));
}
