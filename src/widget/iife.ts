// The classic-script build (`dist/auth-login.iife.js`): a few hundred bytes that import the module build
// (`auth-login.js`, beside this file) and so load exactly what a module page loads: the first paint, then each lazy
// chunk only when it is needed. It used to inline every chunk (the phone library included: about 150 KB gzip before
// anyone could sign in). Every browser that runs the element (custom elements, shadow DOM, ES2020) has dynamic
// `import()` in classic scripts; a page only has to be able to add a plain `<script src>`.
//
// The import carries this script's nonce (HTML gives a dynamic import its script's fetch options), so a page with a
// nonce-based CSP needs no new source. The module's exports land on `window.AuthLogin` once it has loaded; the
// element itself upgrades in place as soon as it is defined, so declarative pages need nothing more.
import { MODULE_ENTRY_FILE } from './entry-file.ts';

/** This script's own URL: `document.currentScript` is only set while a classic script first runs. */
function ownUrl(): string {
  const script = document.currentScript;
  return script instanceof HTMLScriptElement && script.src ? script.src : document.baseURI;
}

if (typeof document !== 'undefined') {
  const entry = new URL(MODULE_ENTRY_FILE, ownUrl()).href;
  void import(/* @vite-ignore */ entry).then((module: typeof import('./index.ts')) => {
    globalThis.AuthLogin = module;
  });
}
