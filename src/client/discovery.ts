// Discovery, loaded on first use (see lazy.ts): an email link or passcode proves an address without naming an
// organization; its organizations are then listed, and one is joined (exchange) or made (create). Bodies as the
// hosted B2B SDK sends them: the intermediate session token comes from its cookie, the PKCE pair from storage.
import type * as Discovery from '../api/discovery.ts';
import type { ResponseCommon } from '../api/envelope.ts';
import { B2B_PATHS } from '../api/organizations.ts';
import type { MemberAuthenticateResponse } from '../api/organizations.ts';
import type { B2BCallOptions } from './types.ts';
import { authenticateMember, linkChallenge, withIntermediateToken, type MemberCallContext } from './member-session.ts';
import { clearPair, getPair } from './pkce.ts';
import { validate } from './schema.ts';

const withDuration = { session_duration_minutes: 'number' } as const;

export const calls = {
  async sendLink(ctx: MemberCallContext, options: B2BCallOptions<Discovery.DiscoveryMagicLinkSendRequest>) {
    validate({ ...options }, { email_address: 'string' });
    const body = { ...options, pkce_code_challenge: await linkChallenge(ctx) };
    return ctx.http.request<ResponseCommon>('POST', B2B_PATHS.magicLinksEmailDiscoverySend, body, { retriable: true });
  },

  async authenticateLink(
    ctx: MemberCallContext,
    options: B2BCallOptions<Discovery.DiscoveryMagicLinkAuthenticateRequest>,
  ) {
    validate({ ...options }, { discovery_magic_links_token: 'string' });
    const pt = ctx.store.publicToken;
    const body = { pkce_code_verifier: getPair(pt, 'magic_links')?.code_verifier, ...options };
    const response = await authenticateMember<Discovery.DiscoveryAuthenticateResponse>(
      ctx,
      B2B_PATHS.magicLinksDiscoveryAuthenticate,
      body,
    );
    // Used up once the link worked; kept after a refusal, as the consumer magic links keep theirs.
    clearPair(pt, 'magic_links');
    return response;
  },

  sendCode(ctx: MemberCallContext, options: Discovery.DiscoveryOtpSendRequest) {
    validate({ ...options }, { email_address: 'string' });
    return ctx.http.request<ResponseCommon>(
      'POST',
      B2B_PATHS.otpsEmailDiscoverySend,
      { ...options },
      { retriable: true },
    );
  },

  authenticateCode(ctx: MemberCallContext, options: Discovery.DiscoveryOtpAuthenticateRequest) {
    validate({ ...options }, { code: 'string', email_address: 'string' });
    return authenticateMember<Discovery.DiscoveryAuthenticateResponse>(ctx, B2B_PATHS.otpsEmailDiscoveryAuthenticate, {
      ...options,
    });
  },

  // With a member session instead of an intermediate token, the session (Basic auth) names the address.
  listOrganizations: ({ http, store }: MemberCallContext) =>
    http.request<Discovery.DiscoveryOrganizationsResponse>(
      'POST',
      B2B_PATHS.discoveryOrganizations,
      withIntermediateToken(store, {}),
    ),

  createOrganization(ctx: MemberCallContext, options: B2BCallOptions<Discovery.DiscoveryOrganizationCreateRequest>) {
    validate(
      { ...options },
      { ...withDuration, organization_name: 'optionalString', organization_slug: 'optionalString' },
    );
    return authenticateMember<MemberAuthenticateResponse>(
      ctx,
      B2B_PATHS.discoveryOrganizationsCreate,
      withIntermediateToken(ctx.store, options),
      false,
    );
  },

  exchange(ctx: MemberCallContext, options: B2BCallOptions<Discovery.IntermediateSessionExchangeRequest>) {
    validate({ ...options }, { organization_id: 'string', ...withDuration });
    return authenticateMember<MemberAuthenticateResponse>(
      ctx,
      B2B_PATHS.discoveryIntermediateSessionsExchange,
      withIntermediateToken(ctx.store, options),
      false,
    );
  },
};
