// The rendering half (runtime.ts: React, r2wc, XState), fetched as soon as the first paint is up but run only when the
// element asks for it. Run as it arrives, it landed between a quick visitor's click, keys and Enter: its evaluation
// is the longest task the widget has (tens of milliseconds, four times that on a slow phone), and the browser held
// the keys and the bootstrap's answer behind it.
import { MODULE_ENTRY_FILE } from '../entry-file.ts';
import type { Runtime } from './client.ts';

/**
 * The rendering half's file, relative to the entry file: the build writes it in (rollup.config.mjs,
 * runtimeFileInEntry); undefined when the element runs from source, where `import()` alone loads it.
 */
declare const __AUTH_LOGIN_RUNTIME_CHUNK_URL: string | undefined;

let runtime: Promise<Runtime> | undefined;
let preloaded: Promise<void> | undefined;

/** Runs the rendering half (fetching it unless preloaded), once for every element on the page. */
export const loadRuntime = (): Promise<Runtime> => (runtime ??= import('../runtime.ts'));

/**
 * Fetches the rendering half without running it: a `modulepreload` link, with the page's CSP nonce, added once, when
 * the element runs from the entry file the build wrote.
 * Settles when it has arrived (or failed: a page whose policy refuses the link loses nothing, `loadRuntime` fetches
 * it then), at once where there is nothing to preload. The element decides only then whether the visitor is typing:
 * decided before, a chunk arriving later would run in the middle of their keys.
 */
export function preloadRuntime(nonce: string | undefined): Promise<void> {
  const file = typeof __AUTH_LOGIN_RUNTIME_CHUNK_URL === 'string' ? __AUTH_LOGIN_RUNTIME_CHUNK_URL : undefined;
  // Bundled into an app's own file, the entry's chunk path names nothing there (a 404): `import()` loads it then.
  if (!file || runtime || !new URL(import.meta.url).pathname.endsWith(`/${MODULE_ENTRY_FILE}`)) {
    return Promise.resolve();
  }
  if (!preloaded) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(file, import.meta.url).href;
    if (nonce) link.nonce = nonce;
    preloaded = new Promise((resolve) => {
      link.onload = link.onerror = () => resolve();
    });
    document.head.append(link);
  }
  return preloaded;
}
