// The Emotion cache of one widget. Its container is a node inside the widget's own shadow root (or, with
// enableShadowDOM false, inside the host's light DOM) — never document.head and never the React root itself, so
// the styles apply exactly where the widget renders.
import createCache, { type EmotionCache } from '@emotion/cache';
import { EMOTION_CACHE_KEY } from '../dom-names.ts';
import { SHELL_CSS, SHELL_CSS_NAMES } from '../shell/styles.generated.ts';

/**
 * A new cache writing into `container`. `speedy: false` keeps every rule as text inside its `<style>` element: rules
 * added with CSSOM `insertRule` (Emotion's production default) are lost when the element is moved in the DOM, because
 * moving a `<style>` recreates its stylesheet from its text.
 */
export function createStyleCache(container: HTMLElement, nonce?: string): EmotionCache {
  const cache = createCache({ key: EMOTION_CACHE_KEY, container, nonce: nonce || undefined, speedy: false });
  // The styles the first-paint shell uses are compiled at build time (view/styles.ts); React's first screen
  // uses them too. Given as one stylesheet and marked inserted, Emotion does not compile them again in the browser.
  const compiled = document.createElement('style');
  compiled.setAttribute('data-emotion', EMOTION_CACHE_KEY);
  if (nonce) compiled.setAttribute('nonce', nonce);
  compiled.textContent = SHELL_CSS;
  container.append(compiled);
  for (const name of SHELL_CSS_NAMES) cache.inserted[name] = true;
  return cache;
}
