// The Emotion cache of one widget. Its container is a node inside the widget's own shadow root (or, with
// enableShadowDOM false, inside the host's light DOM) — never document.head and never the React root itself, so
// the styles apply exactly where the widget renders.
import createCache, { type EmotionCache } from '@emotion/cache';
import { EMOTION_CACHE_KEY } from '../constants.ts';

/** Marks the node that holds the widget's `<style>` elements. */
export const STYLE_HOST_ATTRIBUTE = 'data-auth-login-styles';

/**
 * A new cache writing into `container`. `speedy: false` keeps every rule as text inside its `<style>` element: rules
 * added with CSSOM `insertRule` (Emotion's production default) are lost when the element is moved in the DOM, because
 * moving a `<style>` recreates its stylesheet from its text.
 */
export function createStyleCache(container: HTMLElement, nonce?: string): EmotionCache {
  return createCache({ key: EMOTION_CACHE_KEY, container, nonce: nonce || undefined, speedy: false });
}
