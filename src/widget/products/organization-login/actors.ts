// The organization login's calls, over the organization client (products/organizations.ts): the organization by its
// slug, its email link, and signing in with the link's token.
import { fromPromise } from 'xstate';
import type { ResponseCommon } from '../../../api/index.ts';
import type { MemberAuthenticateResponse } from '../../../api/organizations.ts';
import type { AuthClient } from '../../../client/types.ts';
import type { ResolvedConfig } from '../../config.ts';
import { organizationClient } from '../organizations.ts';
import type { organizationLinkWireOptions } from './config.ts';
import { organizationSlug, type SlugOrganization } from './organization.ts';

/**
 * The organization the page is for: by the config's slug, or the one the page's URL names by the project's template
 * (read from the fresh bootstrap, as the cached one may predate it). None named, or none by that slug: null.
 */
export const findOrganization = fromPromise<
  SlugOrganization | null,
  { client: AuthClient; config: ResolvedConfig; url: string }
>(async ({ input }) => {
  const template = input.config.organizationSlug ? null : (await input.client.bootstrap.get()).slugPattern;
  const slug = organizationSlug(input.config, template, input.url);
  if (!slug) return null;
  const { organization } = await organizationClient(input.client).organization.getBySlug({ organization_slug: slug });
  return organization;
});

export const sendOrganizationLink = fromPromise<
  ResponseCommon,
  {
    client: AuthClient;
    email: string;
    organizationId: string;
    options: ReturnType<typeof organizationLinkWireOptions>;
  }
>(({ input }) =>
  organizationClient(input.client).magicLinks.email.loginOrSignup({
    email_address: input.email,
    organization_id: input.organizationId,
    ...input.options,
  }),
);

/** The token of the organization link the page was opened with: the member's first factor. */
export const authenticateOrganizationLink = fromPromise<
  MemberAuthenticateResponse,
  { client: AuthClient; token: string; sessionDurationMinutes: number }
>(({ input }) =>
  organizationClient(input.client).magicLinks.authenticate({
    magic_links_token: input.token,
    session_duration_minutes: input.sessionDurationMinutes,
  }),
);
