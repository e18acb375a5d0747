import { Hono } from 'hono';
import { B2B_PATHS } from '../../api/organizations.ts';
import type { AppEnv, Deps } from '../context.ts';
import { jsonBody } from '../http/edge.ts';
import { ok } from '../http/envelope.ts';
import { emptyBody } from '../http/fields.ts';
import { requestMeta } from '../http/request-meta.ts';
import { b2bPublicTokenAuth, requireMemberSession } from '../middleware/b2b-auth.ts';
import {
  authenticateMemberSession,
  authenticateOrganizationLink,
  getSessionMember,
  revokeSessionOfMember,
  searchMember,
  searchOrganization,
  sendOrganizationLink,
  sessionMember,
} from '../services/organizations.ts';
import { wireOrganization } from '../services/organization-wire.ts';
import {
  memberSearchBody,
  memberSessionAuthenticateBody,
  organizationLinkAuthenticateBody,
  organizationLinkSendBody,
  organizationSearchBody,
} from './organizations.schemas.ts';

/**
 * The B2B project's calls of a page that knows its organization (its email link, the lookups by slug and member), and
 * the signed-in member's organization, member and session.
 */
export function organizationRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = b2bPublicTokenAuth(deps);
  const member = requireMemberSession(deps);

  routes.post(
    B2B_PATHS.magicLinksEmailLoginOrSignup,
    auth,
    jsonBody(organizationLinkSendBody(deps.config)),
    async (c) => {
      await sendOrganizationLink(deps, requestMeta(c), c.req.valid('json'));
      return ok(c);
    },
  );
  routes.post(B2B_PATHS.magicLinksAuthenticate, auth, jsonBody(organizationLinkAuthenticateBody), async (c) =>
    ok(c, await authenticateOrganizationLink(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.post(B2B_PATHS.organizationsSearch, auth, jsonBody(organizationSearchBody), async (c) =>
    ok(c, await searchOrganization(deps, c.req.valid('json').organization_slug)),
  );
  routes.post(B2B_PATHS.membersSearch, auth, jsonBody(memberSearchBody), async (c) =>
    ok(c, await searchMember(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.get(B2B_PATHS.organizationsMe, auth, member, async (c) => {
    const { organization } = await sessionMember(deps, c.get('memberSession'));
    return ok(c, { organization: await wireOrganization(deps.db, organization) });
  });
  routes.get(B2B_PATHS.membersMe, auth, member, async (c) =>
    ok(c, await getSessionMember(deps, c.get('memberSession'))),
  );
  routes.post(B2B_PATHS.sessionsAuthenticate, auth, jsonBody(memberSessionAuthenticateBody), async (c) =>
    ok(c, await authenticateMemberSession(deps, c.get('sessionToken'), c.req.valid('json').session_duration_minutes)),
  );
  routes.post(B2B_PATHS.sessionsRevoke, auth, member, jsonBody(emptyBody), async (c) => {
    await revokeSessionOfMember(deps, c.get('memberSession'));
    return ok(c);
  });

  return routes;
}
