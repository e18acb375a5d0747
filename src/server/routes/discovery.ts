import { Hono } from 'hono';
import { B2B_PATHS } from '../../api/organizations.ts';
import type { AppEnv, Deps } from '../context.ts';
import { jsonBody } from '../http/edge.ts';
import { ok } from '../http/envelope.ts';
import { requestMeta } from '../http/request-meta.ts';
import { b2bPublicTokenAuth } from '../middleware/b2b-auth.ts';
import {
  authenticateDiscoveryLink,
  authenticateDiscoveryOtp,
  createOrganizationByDiscovery,
  exchangeIntermediateSession,
  listDiscoveredOrganizations,
  sendDiscoveryLink,
  sendDiscoveryOtp,
} from '../services/discovery.ts';
import {
  discoveredOrganizationsBody,
  discoveryLinkAuthenticateBody,
  discoveryLinkSendBody,
  discoveryOtpAuthenticateBody,
  discoveryOtpSendBody,
  exchangeBody,
  organizationCreateBody,
} from './discovery.schemas.ts';

/**
 * Discovery (the B2B project's sign-in before an organization is chosen): the email link and passcode that prove an
 * address, the organizations it may enter, and the exchange into one or the creation of a new one.
 */
export function discoveryRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = b2bPublicTokenAuth(deps);

  routes.post(B2B_PATHS.magicLinksEmailDiscoverySend, auth, jsonBody(discoveryLinkSendBody(deps.config)), async (c) => {
    await sendDiscoveryLink(deps, requestMeta(c), c.req.valid('json'));
    return ok(c);
  });
  routes.post(B2B_PATHS.magicLinksDiscoveryAuthenticate, auth, jsonBody(discoveryLinkAuthenticateBody), async (c) =>
    ok(c, await authenticateDiscoveryLink(deps, c.req.valid('json'))),
  );
  routes.post(B2B_PATHS.otpsEmailDiscoverySend, auth, jsonBody(discoveryOtpSendBody), async (c) => {
    await sendDiscoveryOtp(deps, requestMeta(c), c.req.valid('json'));
    return ok(c);
  });
  routes.post(B2B_PATHS.otpsEmailDiscoveryAuthenticate, auth, jsonBody(discoveryOtpAuthenticateBody), async (c) =>
    ok(c, await authenticateDiscoveryOtp(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.post(B2B_PATHS.discoveryOrganizations, auth, jsonBody(discoveredOrganizationsBody), async (c) =>
    ok(c, await listDiscoveredOrganizations(deps, requestMeta(c), c.req.valid('json').intermediate_session_token)),
  );
  routes.post(B2B_PATHS.discoveryIntermediateSessionsExchange, auth, jsonBody(exchangeBody), async (c) =>
    ok(c, await exchangeIntermediateSession(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.post(B2B_PATHS.discoveryOrganizationsCreate, auth, jsonBody(organizationCreateBody), async (c) =>
    ok(c, await createOrganizationByDiscovery(deps, requestMeta(c), c.req.valid('json'))),
  );

  return routes;
}
