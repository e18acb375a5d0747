// The session stores: memory + localStorage + readable cookies, with change subscriptions and cross-tab sync. One
// store per public token per page, shared by every client created with that token, so two clients never disagree
// about who is signed in. The consumer's store keeps `{session, user}`; an organization member's (member-session.ts)
// keeps `{session, member, organization}` on the same machinery.
import type { AuthenticateResponse, Session, User } from '../api/index.ts';
import type { CookieOptions, SessionTokens } from './types.ts';
import { cookieConfig, sessionCookies, type SessionCookies } from './cookies.ts';
import { readJson, storageKey, writeJson } from './storage.ts';

export interface AuthState {
  session: Session | null;
  user: User | null;
}

type Listener<T> = (value: T | null) => void;

/** What every store offers, whatever else its state holds: its session, the tokens, sign-out and the refresh slot. */
export interface BaseStore<S, R> {
  readonly publicToken: string;
  readonly cookies: SessionCookies;
  getSession(): S | null;
  getTokens(): SessionTokens | null;
  /** Stores a successful authenticate response: state, localStorage and (when both tokens are present) cookies. */
  applyAuthResponse(response: R): void;
  /** Signs out locally: cookies deleted, state null in memory and storage. */
  clear(): void;
  onSession(listener: Listener<S>): () => void;
  /** Per-store slot for the background refresh, so only one loop runs per token however many clients exist. */
  refresh?: { stop(): void };
}

export interface SessionStore extends BaseStore<Session, AuthenticateResponse> {
  getUser(): User | null;
  setUser(user: User): void;
  onUser(listener: Listener<User>): () => void;
}

/** A state's parts by name, each an object or null; `session` is there whenever anything is. */
type Parts = { session: object | null };

/** One store's state in memory and localStorage, kept in step with other tabs, its parts listened to by name. */
export interface StateCell<T extends Parts> {
  /** The shared half of every store: `applyAuthResponse` is each kind's own. */
  base: Omit<BaseStore<NonNullable<T['session']>, never>, 'applyAuthResponse'>;
  get<K extends keyof T>(part: K): NonNullable<T[K]> | null;
  /** Replaces the state (null: signed out), saved to localStorage for this and other tabs. */
  set(next: T | null): void;
  on<K extends keyof T>(part: K, listener: Listener<NonNullable<T[K]>>): () => void;
  dispose(): void;
}

/** What a store's owner needs to share it and, once nobody holds it, to end it. */
export interface Entry<T> {
  store: T;
  refs: number;
  dispose: () => void;
}

/**
 * The state kept under `stytch_sdk_state_<token>` for `parts` (the first one `session`): a stored value without a
 * session object counts as signed out; another part that is not an object becomes null.
 */
export function createStateCell<T extends Parts>(
  publicToken: string,
  cookieOptions: CookieOptions | undefined,
  parts: readonly (keyof T & string)[],
): StateCell<T> {
  const key = storageKey(publicToken);
  const cookies = sessionCookies(cookieConfig(cookieOptions), publicToken);
  const parse = (value: unknown): T | null => {
    if (!value || typeof value !== 'object') return null;
    const stored = value as Record<string, unknown>;
    if (!stored.session || typeof stored.session !== 'object') return null;
    const part = (name: string) => (stored[name] && typeof stored[name] === 'object' ? stored[name] : null);
    return Object.fromEntries(parts.map((name) => [name, part(name)])) as T;
  };
  let state = parse(readJson(key));
  const listeners = new Map(parts.map((name) => [name, new Set<Listener<unknown>>()]));

  const set = (next: T | null, persist: boolean) => {
    const prev = state;
    state = next;
    if (persist) writeJson(key, next);
    // Listeners hear about real changes only; a refresh that returns the same session is not news.
    for (const name of parts) {
      const value = next?.[name] ?? null;
      if (JSON.stringify(prev?.[name] ?? null) === JSON.stringify(value)) continue;
      for (const listener of listeners.get(name) ?? []) listener(value);
    }
  };

  // Another tab signed in or out: adopt its state without writing it back (which would echo the event).
  const onStorage = (event: StorageEvent) => {
    // `key` is null when the other tab called localStorage.clear(): that removed our state too.
    if ((event.key !== null && event.key !== key) || event.storageArea !== localStorage) return;
    let parsed: unknown = null;
    try {
      parsed = event.newValue === null ? null : JSON.parse(event.newValue);
    } catch {
      // A garbled value counts as signed out.
    }
    set(parse(parsed), false);
  };
  window.addEventListener('storage', onStorage);

  const on = <K extends keyof T>(part: K, listener: Listener<NonNullable<T[K]>>) => {
    const subscribers = listeners.get(part as keyof T & string) as Set<Listener<unknown>>;
    subscribers.add(listener as Listener<unknown>);
    return () => void subscribers.delete(listener as Listener<unknown>);
  };

  const base: StateCell<T>['base'] = {
    publicToken,
    cookies,
    getSession: () => (state?.session ?? null) as NonNullable<T['session']> | null,
    getTokens() {
      const session_token = cookies.readToken();
      return session_token ? { session_token, session_jwt: cookies.readJwt() ?? '' } : null;
    },
    clear() {
      cookies.clear();
      set(null, true);
    },
    onSession: (listener) => on('session', listener),
  };

  return {
    base,
    get: (part) => (state?.[part] ?? null) as NonNullable<T[typeof part]> | null,
    set: (next) => set(next, true),
    on,
    dispose() {
      window.removeEventListener('storage', onStorage);
      base.refresh?.stop();
      for (const subscribers of listeners.values()) subscribers.clear();
    },
  };
}

/**
 * A new session's readable cookies, expiring with it, and no intermediate token any more: a full session supersedes
 * it (spec 4). Empty tokens mean the server keeps HttpOnly cookies itself; stale readable ones would contradict them.
 */
export function keepSessionCookies(cookies: SessionCookies, tokens: SessionTokens, expiresAt: string): void {
  if (tokens.session_token && tokens.session_jwt) cookies.write(tokens.session_token, tokens.session_jwt, expiresAt);
  else cookies.clear();
  cookies.deleteIst();
}

function createStore(publicToken: string, cookieOptions?: CookieOptions): Entry<SessionStore> {
  const cell = createStateCell<AuthState>(publicToken, cookieOptions, ['session', 'user']);
  const store: SessionStore = Object.assign(cell.base, {
    getUser: () => cell.get('user'),
    applyAuthResponse(response: AuthenticateResponse) {
      const { session, user } = response;
      const ist = (response as { intermediate_session_token?: unknown }).intermediate_session_token;
      // A response with an intermediate token but no session: keep the token (10 minutes) for the next factor.
      if (!session && typeof ist === 'string' && ist) return cell.base.cookies.writeIst(ist);
      keepSessionCookies(cell.base.cookies, response, session.expires_at);
      cell.set({ session, user });
    },
    setUser(user: User) {
      cell.set({ session: cell.get('session'), user });
    },
    onUser: (listener: Listener<User>) => cell.on('user', listener),
  });
  return { store, refs: 0, dispose: cell.dispose };
}

/** The page's store of one kind for this token, created on first use; `fresh` says whether this call created it. */
export function acquireFrom<T>(
  registry: Map<string, Entry<T>>,
  publicToken: string,
  create: () => Entry<T>,
): { store: T; fresh: boolean } {
  let entry = registry.get(publicToken);
  const fresh = !entry;
  if (!entry) {
    entry = create();
    registry.set(publicToken, entry);
  }
  entry.refs++;
  return { store: entry.store, fresh };
}

/** Drops one client's hold; the last one stops the store's timers and listeners. */
export function releaseFrom<T extends { publicToken: string }>(registry: Map<string, Entry<T>>, store: T): void {
  const entry = registry.get(store.publicToken);
  if (!entry || entry.store !== store) return;
  if (--entry.refs <= 0) {
    entry.dispose();
    registry.delete(store.publicToken);
  }
}

// Module state is only a Map: creating it touches no browser API, so importing stays safe in Node.
const registry = new Map<string, Entry<SessionStore>>();

/** The page's consumer store for this token, created on first use; `fresh` says whether this call created it. */
export function acquireStore(
  publicToken: string,
  cookieOptions?: CookieOptions,
): { store: SessionStore; fresh: boolean } {
  return acquireFrom(registry, publicToken, () => createStore(publicToken, cookieOptions));
}

/** Drops one client's hold; the last one stops the store's timers and listeners. */
export function releaseStore(store: SessionStore): void {
  releaseFrom(registry, store);
}
