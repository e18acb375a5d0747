// createB2BClient: the organization (B2B) client, named and called as the hosted provider's B2B headless client. The
// shared machinery is the consumer client's (core.ts: HTTP, bootstrap, telemetry, refresh); the member's state is
// kept by member-session.ts. The calls load on first use (see lazy.ts), one module per area (discovery, organizations,
// sso, mfa), so a page signs members in without fetching what it does not call. Nothing runs at import time.
import { B2B_PATHS, type MemberSession, type MemberSessionAuthenticateResponse } from '../api/organizations.ts';
import type { B2BClient, B2BClientOptions } from './types.ts';
import type { ClientVertical } from './bootstrap.ts';
import { B2B_INSTANTIATED_EVENT, CONSUMER_TOKEN_MESSAGE } from './constants/b2b.ts';
import { createClientCore, type ClientKind } from './core.ts';
import { deferred } from './lazy.ts';
import {
  acquireMemberStore,
  releaseMemberStore,
  type MemberCallContext,
  type MemberSessionUpdate,
  type MemberStore,
} from './member-session.ts';
import { sessionCalls } from './sessions.ts';

/** A consumer project's token logs CONSUMER_TOKEN_MESSAGE, as a B2B token does with the consumer client (spec 8). */
const B2B_CLIENT: ClientVertical = { vertical: 'B2B', mismatch: CONSUMER_TOKEN_MESSAGE };

/** The B2B kind of client: its store keeps a member session, the member and the organization. */
const MEMBERS: ClientKind<MemberStore> = {
  acquire: acquireMemberStore,
  release: releaseMemberStore,
  signedInIds: (store) => ({
    memberId: store.getSession()?.member_id,
    memberSessionId: store.getSession()?.member_session_id,
  }),
  vertical: B2B_CLIENT,
  instantiated: B2B_INSTANTIATED_EVENT,
};

export function createB2BClient(options: B2BClientOptions): B2BClient {
  const { store, http, track, baseUrl, bootstrap, start, surface } = createClientCore(options, MEMBERS);
  const ctx: MemberCallContext = { http, store, bootstrap, baseUrl };
  const discovery = deferred(
    async () => (await import('./discovery.ts')).calls,
    [
      'sendLink',
      'authenticateLink',
      'sendCode',
      'authenticateCode',
      'listOrganizations',
      'createOrganization',
      'exchange',
    ],
    ctx,
  );
  const organizations = deferred(
    async () => (await import('./organizations.ts')).calls,
    ['sendLink', 'authenticateLink', 'getMember', 'getOrganization', 'getBySlug', 'searchMembers'],
    ctx,
  );
  const sso = deferred(
    async () => (await import('./sso.ts')).calls,
    ['start', 'authenticate', 'discoverConnections'],
    ctx,
  );
  const mfa = deferred(
    async () => (await import('./mfa.ts')).calls,
    ['totpCreate', 'totpAuthenticate', 'smsSend', 'smsAuthenticate', 'recover', 'recoveryCodes', 'rotateRecoveryCodes'],
    ctx,
  );

  // Synchronous, and needed by the background refresh at start: written here, loading nothing.
  const session = sessionCalls<MemberSession, MemberSessionUpdate, MemberSessionAuthenticateResponse>(
    http,
    store,
    track,
    {
      authenticate: B2B_PATHS.sessionsAuthenticate,
      revoke: B2B_PATHS.sessionsRevoke,
    },
  );

  start(() => session.authenticate());
  return Object.assign(surface, {
    session,
    self: {
      getSync: () => store.getMember(),
      get: organizations.getMember,
      onChange: (callback: Parameters<MemberStore['onMember']>[0]) => track(store.onMember(callback)),
    },
    organization: {
      getSync: () => store.getOrganization(),
      get: organizations.getOrganization,
      onChange: (callback: Parameters<MemberStore['onOrganization']>[0]) => track(store.onOrganization(callback)),
      getBySlug: organizations.getBySlug,
      members: { search: organizations.searchMembers },
    },
    magicLinks: {
      email: { loginOrSignup: organizations.sendLink, discovery: { send: discovery.sendLink } },
      authenticate: organizations.authenticateLink,
      discovery: { authenticate: discovery.authenticateLink },
    },
    otps: {
      sms: { send: mfa.smsSend, authenticate: mfa.smsAuthenticate },
      email: { discovery: { send: discovery.sendCode, authenticate: discovery.authenticateCode } },
    },
    discovery: {
      organizations: { list: discovery.listOrganizations, create: discovery.createOrganization },
      intermediateSessions: { exchange: discovery.exchange },
    },
    sso,
    totp: { create: mfa.totpCreate, authenticate: mfa.totpAuthenticate },
    recoveryCodes: { recover: mfa.recover, get: mfa.recoveryCodes, rotate: mfa.rotateRecoveryCodes },
  }) satisfies B2BClient;
}
