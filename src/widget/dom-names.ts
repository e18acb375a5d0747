// The element's names in the DOM: its tag, the inner element React renders into, the nodes it marks, and the key
// of its style cache. The entry file (element.ts, shell/) and the React half both use them.

/** The element's tag name. */
export const TAG_NAME = 'auth-login';
/**
 * Marks the space Main keeps for a product's block while its chunk loads (its value: the product). At the hand-over
 * the first-paint shell's painted block moves into it, and stays until React renders the block itself.
 */
export const BLOCK_PLACEHOLDER_ATTRIBUTE = 'data-auth-login-block';
/** The inner element React renders into, inside the element's shadow root (runtime.ts). */
export const ROOT_TAG_NAME = 'auth-login-root';
/**
 * Marks the node that holds the widget's `<style>` elements (React's Emotion cache, and the first-paint shell's sheet).
 * Here, not beside the cache (theme/cache.ts): the entry file names it without loading Emotion.
 */
export const STYLE_HOST_ATTRIBUTE = 'data-auth-login-styles';
/** Key of the Emotion cache: class names start with it, its `<style>` elements carry `data-emotion="auth-login"`. */
export const EMOTION_CACHE_KEY = 'auth-login';
