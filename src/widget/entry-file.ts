/**
 * The module build's entry file (rollup.config.mjs: input `auth-login`, `[name].js`), with its lazy chunks beside it
 * in `chunks/`. The classic-script loader imports it from beside itself; the element preloads a chunk by its path only
 * when it runs from this file, not once an app's bundler has taken the entry into a file of its own, where the chunk
 * has another name (or none).
 */
export const MODULE_ENTRY_FILE = 'auth-login.js';
