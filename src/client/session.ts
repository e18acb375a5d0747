// The session store: memory + localStorage `{user, session}` + readable cookies, with change subscriptions and
// cross-tab sync. One store per public token per page, shared by every client created with that token, so two
// clients never disagree about who is signed in.
import type { AuthenticateResponse, Session, User } from '../api/index.ts';
import type { CookieOptions, SessionTokens } from './types.ts';
import { cookieConfig, sessionCookies, type SessionCookies } from './cookies.ts';
import { readJson, storageKey, writeJson } from './storage.ts';

export interface AuthState {
  session: Session | null;
  user: User | null;
}

type Listener<T> = (value: T | null) => void;

export interface SessionStore {
  readonly publicToken: string;
  readonly cookies: SessionCookies;
  getSession(): Session | null;
  getUser(): User | null;
  getTokens(): SessionTokens | null;
  /** Stores a successful authenticate response: state, localStorage and (when both tokens are present) cookies. */
  applyAuthResponse(response: AuthenticateResponse): void;
  setUser(user: User): void;
  /** Signs out locally: cookies deleted, state null in memory and storage. */
  clear(): void;
  onSession(listener: Listener<Session>): () => void;
  onUser(listener: Listener<User>): () => void;
  /** Per-store slot for the background refresh, so only one loop runs per token however many clients exist. */
  refresh?: { stop(): void };
}

interface Entry {
  store: SessionStore;
  refs: number;
  dispose: () => void;
}

// Module state is only a Map: creating it touches no browser API, so importing stays safe in Node.
const registry = new Map<string, Entry>();

function parseState(value: unknown): AuthState | null {
  if (!value || typeof value !== 'object') return null;
  const { session, user } = value as Record<string, unknown>;
  if (!session || typeof session !== 'object') return null;
  return { session: session as Session, user: user && typeof user === 'object' ? (user as User) : null };
}

function createStore(publicToken: string, cookieOptions?: CookieOptions): Entry {
  const key = storageKey(publicToken);
  const cookies = sessionCookies(cookieConfig(cookieOptions), publicToken);
  let state = parseState(readJson(key));
  const sessionListeners = new Set<Listener<Session>>();
  const userListeners = new Set<Listener<User>>();

  const set = (next: AuthState | null, persist: boolean) => {
    const prev = state;
    state = next;
    if (persist) writeJson(key, next);
    const session = next?.session ?? null;
    const user = next?.user ?? null;
    // Listeners hear about real changes only; a refresh that returns the same session is not news.
    if (JSON.stringify(prev?.session ?? null) !== JSON.stringify(session)) {
      for (const l of sessionListeners) l(session);
    }
    if (JSON.stringify(prev?.user ?? null) !== JSON.stringify(user)) {
      for (const l of userListeners) l(user);
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
    set(parseState(parsed), false);
  };
  window.addEventListener('storage', onStorage);

  const subscribe = <T>(listeners: Set<Listener<T>>, listener: Listener<T>) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  const store: SessionStore = {
    publicToken,
    cookies,
    getSession: () => state?.session ?? null,
    getUser: () => state?.user ?? null,
    getTokens() {
      const session_token = cookies.readToken();
      return session_token ? { session_token, session_jwt: cookies.readJwt() ?? '' } : null;
    },
    applyAuthResponse(response) {
      const { session, user, session_token, session_jwt } = response;
      const ist = (response as { intermediate_session_token?: unknown }).intermediate_session_token;
      // A response with an intermediate token but no session: keep the token (10 minutes) for the next factor.
      if (!session && typeof ist === 'string' && ist) return cookies.writeIst(ist);
      if (session_token && session_jwt) {
        cookies.write(session_token, session_jwt, session.expires_at);
        // A full session supersedes any intermediate one (spec 4).
        cookies.deleteIst();
      } else {
        // Empty tokens mean the server keeps HttpOnly cookies itself; stale readable ones would contradict them.
        cookies.clear();
      }
      set({ session, user }, true);
    },
    setUser(user) {
      set({ session: state?.session ?? null, user }, true);
    },
    clear() {
      cookies.clear();
      set(null, true);
    },
    onSession: (listener) => subscribe(sessionListeners, listener),
    onUser: (listener) => subscribe(userListeners, listener),
  };

  return {
    store,
    refs: 0,
    dispose() {
      window.removeEventListener('storage', onStorage);
      store.refresh?.stop();
      sessionListeners.clear();
      userListeners.clear();
    },
  };
}

/** The page's store for this token, created on first use; `fresh` says whether this call created it. */
export function acquireStore(
  publicToken: string,
  cookieOptions?: CookieOptions,
): { store: SessionStore; fresh: boolean } {
  let entry = registry.get(publicToken);
  const fresh = !entry;
  if (!entry) {
    entry = createStore(publicToken, cookieOptions);
    registry.set(publicToken, entry);
  }
  entry.refs++;
  return { store: entry.store, fresh };
}

/** Drops one client's hold; the last one stops the store's timers and listeners. */
export function releaseStore(store: SessionStore): void {
  const entry = registry.get(store.publicToken);
  if (!entry || entry.store !== store) return;
  if (--entry.refs <= 0) {
    entry.dispose();
    registry.delete(store.publicToken);
  }
}
