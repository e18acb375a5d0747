// API areas the widget does not call before the first submit (passwords, passcodes, wallets) load on first use, so
// the entry a page fetches before the form is usable does not carry them (issue 18). The widget build splits each into
// its own chunk; dist/client.js inlines them. Every method of such an area returns a promise, so callers see no change.

/** Each method name of `T`, so the list passed to deferredApi is checked complete. */
export type MethodNames<T> = Record<keyof T, true>;

/**
 * An object with `T`'s methods, each loading the real object (`load()`, once; again after a failed load) and
 * forwarding to it.
 */
export function deferredApi<T extends object>(load: () => Promise<T>, methods: MethodNames<T>): T {
  const real = loadOnce(load);
  const api: Record<string, unknown> = {};
  for (const name of Object.keys(methods)) {
    api[name] = async (...args: unknown[]) =>
      ((await real()) as Record<string, (...a: unknown[]) => unknown>)[name]!(...args);
  }
  return api as T;
}

/** `load`, run on the first call and shared by later ones; a failed load (a chunk that did not arrive) is retried. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
