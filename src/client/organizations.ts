// The organization flow and the signed-in member's organization, loaded on first use (see lazy.ts): a page that knows
// its organization sends a login or sign-up link into it, the link's token is exchanged, and the member and the
// organization are read fresh. Bodies as the hosted B2B SDK sends them.
import type {
  Member,
  MemberMagicLinkAuthenticateResponse,
  MemberResponse,
  MemberSearchRequest,
  MemberSearchResponse,
  OrganizationGetResponse,
  OrganizationSearchRequest,
  OrganizationSearchResponse,
} from '../api/organizations.ts';
import { B2B_PATHS } from '../api/organizations.ts';
import type { ResponseCommon } from '../api/envelope.ts';
import type { B2BMagicLinkLoginOrSignupOptions } from './types.ts';
import { authenticateMember, linkChallenge, withIntermediateToken, type MemberCallContext } from './member-session.ts';
import { clearPair, getPair } from './pkce.ts';
import { validate } from './schema.ts';

export const calls = {
  async sendLink(ctx: MemberCallContext, options: B2BMagicLinkLoginOrSignupOptions) {
    validate({ ...options }, { email_address: 'string', organization_id: 'string' });
    const body = { ...options, pkce_code_challenge: await linkChallenge(ctx) };
    return ctx.http.request<ResponseCommon>('POST', B2B_PATHS.magicLinksEmailLoginOrSignup, body);
  },

  /**
   * The link's token with the `magic_links` verifier. The hosted SDK first tries the `passwords` pair of a pending
   * password reset; this client has no member passwords, so that pair never exists for a B2B token.
   */
  async authenticateLink(
    ctx: MemberCallContext,
    options: { magic_links_token: string; session_duration_minutes: number; locale?: string },
  ) {
    validate({ ...options }, { magic_links_token: 'string', session_duration_minutes: 'number' });
    const pt = ctx.store.publicToken;
    const body = withIntermediateToken(ctx.store, { pkce_code_verifier: getPair(pt, 'magic_links')?.code_verifier });
    const response = await authenticateMember<MemberMagicLinkAuthenticateResponse>(
      ctx,
      B2B_PATHS.magicLinksAuthenticate,
      { ...body, ...options },
    );
    clearPair(pt, 'magic_links');
    return response;
  },

  async getMember({ http, store }: MemberCallContext): Promise<Member> {
    const { member } = await http.request<MemberResponse>('GET', B2B_PATHS.membersMe);
    store.update('member', member);
    return member;
  },

  async getOrganization({ http, store }: MemberCallContext) {
    const { organization } = await http.request<OrganizationGetResponse>('GET', B2B_PATHS.organizationsMe);
    store.update('organization', organization);
    return organization;
  },

  getBySlug({ http }: MemberCallContext, options: OrganizationSearchRequest) {
    validate({ ...options }, { organization_slug: 'string' });
    return http.request<OrganizationSearchResponse>('POST', B2B_PATHS.organizationsSearch, { ...options });
  },

  searchMembers({ http }: MemberCallContext, options: MemberSearchRequest) {
    validate({ ...options }, { email_address: 'string', organization_id: 'string' });
    // The hosted SDK sends exactly these two fields, whatever else a caller passes.
    const { email_address, organization_id } = options;
    return http.request<MemberSearchResponse>('POST', B2B_PATHS.membersSearch, { email_address, organization_id });
  },
};
