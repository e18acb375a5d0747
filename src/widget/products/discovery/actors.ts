// Organization discovery's calls, over the organization client (products/organizations.ts): sending the link, signing
// in with its token, and turning the proven address into a member of the organization picked or created.
import { fromPromise } from 'xstate';
import type { BootstrapData } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';
import type { DiscoveryAuthenticateResponse } from '../../../api/discovery.ts';
import type { ResponseCommon } from '../../../api/index.ts';
import type { MemberAuthenticateResponse } from '../../../api/organizations.ts';
import { organizationClient } from '../organizations.ts';
import type { discoveryWireOptions } from './config.ts';

export const sendDiscoveryLink = fromPromise<
  ResponseCommon,
  { client: AuthClient; email: string; options: ReturnType<typeof discoveryWireOptions> }
>(({ input }) =>
  organizationClient(input.client).magicLinks.email.discovery.send({ email_address: input.email, ...input.options }),
);

/** The link's answer, with the project's bootstrap document now (whether visitors may create organizations). */
export interface DiscoveredByLink {
  response: DiscoveryAuthenticateResponse;
  bootstrap: BootstrapData;
}

/** The token of the discovery link the page was opened with: the address it proves and its organizations. */
export const authenticateDiscoveryLink = fromPromise<DiscoveredByLink, { client: AuthClient; token: string }>(
  async ({ input }) => {
    const [response, bootstrap] = await Promise.all([
      organizationClient(input.client).magicLinks.discovery.authenticate({ discovery_magic_links_token: input.token }),
      input.client.bootstrap.get(),
    ]);
    return { response, bootstrap };
  },
);

export const exchangeForOrganization = fromPromise<
  MemberAuthenticateResponse,
  { client: AuthClient; organizationId: string; sessionDurationMinutes: number }
>(({ input }) =>
  organizationClient(input.client).discovery.intermediateSessions.exchange({
    organization_id: input.organizationId,
    session_duration_minutes: input.sessionDurationMinutes,
  }),
);

/** A new organization: named and slugged as the form says, or by the service from the address when not given. */
export const createOrganization = fromPromise<
  MemberAuthenticateResponse,
  { client: AuthClient; name: string; slug: string; sessionDurationMinutes: number }
>(({ input }) =>
  organizationClient(input.client).discovery.organizations.create({
    session_duration_minutes: input.sessionDurationMinutes,
    ...(input.name ? { organization_name: input.name } : {}),
    ...(input.slug ? { organization_slug: input.slug } : {}),
  }),
);
