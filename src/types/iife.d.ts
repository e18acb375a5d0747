// `auth-login/iife`: the classic-script build (`<script src=".../auth-login.iife.js">`) defines <auth-login> and puts
// the module's exports on `window.AuthLogin`.
import type * as AuthLoginModule from '../widget/index.js';

declare global {
  var AuthLogin: typeof AuthLoginModule;
}

export {};
