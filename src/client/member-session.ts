// The organization (B2B) client's session store: `{session, member, organization}` kept by session.ts's machinery
// (memory, localStorage `stytch_sdk_state_<token>`, cross-tab sync, the readable cookies), and what every B2B call
// module shares of it: the intermediate session token it sends, and storing what an authenticate call answers.
import type { Member, MemberSession, Organization } from '../api/organizations.ts';
import type { BootstrapApi, CookieOptions } from './types.ts';
import type { Body, Http } from './http.ts';
import { getOrStartPair } from './pkce.ts';
import {
  acquireFrom,
  createStateCell,
  keepSessionCookies,
  releaseFrom,
  type BaseStore,
  type Entry,
} from './session.ts';

export interface MemberState {
  session: MemberSession | null;
  member: Member | null;
  organization: Organization | null;
}

/**
 * What the calls that end a factor answer, as far as the store reads it: a member session with its member,
 * organization and tokens, or no session and an intermediate session token (a factor is missing, or discovery).
 */
export interface MemberSessionUpdate {
  member_session?: MemberSession | null;
  member?: Member;
  organization?: Organization;
  session_token?: string;
  session_jwt?: string;
  intermediate_session_token?: string;
}

export interface MemberStore extends BaseStore<MemberSession, MemberSessionUpdate> {
  getMember(): Member | null;
  getOrganization(): Organization | null;
  /** Replaces the stored member or organization (a fresh copy from the service), keeping the rest of the state. */
  update(part: 'member', value: Member): void;
  update(part: 'organization', value: Organization): void;
  onMember(listener: (member: Member | null) => void): () => void;
  onOrganization(listener: (organization: Organization | null) => void): () => void;
}

function createMemberStore(publicToken: string, cookieOptions?: CookieOptions): Entry<MemberStore> {
  const cell = createStateCell<MemberState>(publicToken, cookieOptions, ['session', 'member', 'organization']);
  const { cookies } = cell.base;
  const store: MemberStore = Object.assign(cell.base, {
    getMember: () => cell.get('member'),
    getOrganization: () => cell.get('organization'),
    applyAuthResponse(response: MemberSessionUpdate) {
      const { member_session: session, member = null, organization = null } = response;
      if (session) {
        const { session_token = '', session_jwt = '' } = response;
        keepSessionCookies(cookies, { session_token, session_jwt }, session.expires_at);
        cell.set({ session, member, organization });
        return;
      }
      // No session yet: the intermediate token carries the proven factor for ten minutes (spec 4), and whoever was
      // signed in on this page is not any more, as with the hosted SDK. An empty token means the service keeps it in
      // an HttpOnly cookie of its own, so a readable one would be stale.
      cookies.clear();
      if (response.intermediate_session_token) cookies.writeIst(response.intermediate_session_token);
      else cookies.deleteIst();
      cell.set(null);
    },
    update(part: 'member' | 'organization', value: Member | Organization) {
      const state = {
        session: cell.get('session'),
        member: cell.get('member'),
        organization: cell.get('organization'),
      };
      // Without a session there is nothing to attach it to: a signed-out state stays empty.
      if (state.session) cell.set({ ...state, [part]: value });
    },
    onMember: (listener: (member: Member | null) => void) => cell.on('member', listener),
    onOrganization: (listener: (organization: Organization | null) => void) => cell.on('organization', listener),
  });
  return { store, refs: 0, dispose: cell.dispose };
}

// Module state is only a Map: creating it touches no browser API, so importing stays safe in Node. Apart from the
// consumer stores: a token is either a consumer or a B2B project's, and each kind reads the state its own way.
const registry = new Map<string, Entry<MemberStore>>();

export function acquireMemberStore(
  publicToken: string,
  cookieOptions?: CookieOptions,
): { store: MemberStore; fresh: boolean } {
  return acquireFrom(registry, publicToken, () => createMemberStore(publicToken, cookieOptions));
}

export function releaseMemberStore(store: MemberStore): void {
  releaseFrom(registry, store);
}

/** What the lazily loaded B2B call modules take first. */
export interface MemberCallContext {
  http: Http;
  store: MemberStore;
  bootstrap: BootstrapApi;
  baseUrl: string;
}

/**
 * `body` with the intermediate session token of the cookie, as the hosted SDK adds it to every call that may finish
 * or continue a sign-in; left out (undefined, dropped by JSON) when there is none.
 */
export function withIntermediateToken(store: MemberStore, body: object): Body {
  return { ...body, intermediate_session_token: store.cookies.readIst() || undefined };
}

/**
 * A call that ends a factor: POST, then store what it answered (a session, or the next intermediate token).
 * `retriable`: the service may answer "captcha required" (wire contract 1.5), for the calls the hosted SDK retries.
 */
export async function authenticateMember<T extends MemberSessionUpdate>(
  { http, store }: MemberCallContext,
  path: string,
  body: Body,
  retriable = true,
): Promise<T> {
  const response = await http.request<T>('POST', path, body, { retriable });
  store.applyAuthResponse(response);
  return response;
}

/**
 * The code challenge of an email link (discovery or organization), when the project requires PKCE for email magic
 * links (the fresh bootstrap says): the stored `magic_links` pair's, so an earlier, still unopened link stays valid
 * when another is sent.
 */
export async function linkChallenge({ bootstrap, store }: MemberCallContext): Promise<string | undefined> {
  if (!(await bootstrap.get()).pkceRequiredForEmailMagicLinks) return undefined;
  return (await getOrStartPair(store.publicToken, 'magic_links')).code_challenge;
}
