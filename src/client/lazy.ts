// Code the widget does not need before its form is usable loads on first use, one way everywhere in the client: a
// lazy() loader imports a module (or builds an API object from it) once, and deferred() turns functions of what it
// loads into methods of the public API. The widget build splits each dynamically imported module into its own chunk;
// dist/client.js inlines them. Every such method already returns a promise, so callers cannot tell the code was
// not there yet; calls that must stay synchronous are written beside them and load nothing.
import type { Http } from './http.ts';
import type { SessionStore } from './session.ts';

/** What the lazily loaded calls of accounts.ts and webauthn-calls.ts take first. */
export interface CallContext {
  http: Http;
  store: SessionStore;
}

/**
 * `load`, run on the first call and shared by later ones. A failed load (a chunk that did not arrive) is forgotten,
 * so the next call tries again rather than repeating the failure for the life of the page.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}

/**
 * The method `F` becomes once its leading `Bound` arguments are supplied and it waits for its chunk. A function that
 * does not take `Bound` first gives `unknown` (not `never`, which would fit any slot), so the assignment fails.
 */
export type Deferred<F, Bound extends unknown[]> = F extends (...args: [...Bound, ...infer Rest]) => infer R
  ? (...args: Rest) => Promise<Awaited<R>>
  : unknown;

/**
 * A method for each of `names`, calling the function of that name on what `load` resolves to, with `bound` before
 * the caller's arguments. `load` runs through lazy(), so the methods share one load (and one object, when `load`
 * builds one); it may itself be a lazy() loader other methods share.
 */
export function deferred<T, K extends keyof T, Bound extends unknown[] = []>(
  load: () => Promise<T>,
  names: readonly K[],
  ...bound: Bound
): { [P in K]: Deferred<T[P], Bound> } {
  const loaded = lazy(load);
  const methods: Partial<Record<K, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const name of names) {
    methods[name] = async (...args) => {
      // Called on the loaded object, so a method that reads `this` still sees its own.
      const target = (await loaded()) as Record<K, (...a: unknown[]) => unknown>;
      return target[name](...bound, ...args);
    };
  }
  return methods as { [P in K]: Deferred<T[P], Bound> };
}

/** accounts.ts's calls (session exchanges, impersonation, TOTP, profile edits, permissions), which areas share. */
export const accountCalls = lazy(async () => (await import('./accounts.ts')).calls);
