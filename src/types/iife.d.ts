// `auth-login/iife`: the classic-script build (`<script src=".../auth-login.iife.js">`) imports the module build beside
// it, which defines <auth-login>, and then puts the module's exports on `window.AuthLogin` (set once loaded, not when
// the script tag runs).
import type * as AuthLoginModule from '../widget/index.js';

declare global {
  var AuthLogin: typeof AuthLoginModule;
}
