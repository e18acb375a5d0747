// Social sign-in and Google One Tap.

/** Spec 8: "no OAuth code verifier found", when the project requires PKCE for OAuth but no `oauth` pair is stored. */
export const MSG_NO_OAUTH_VERIFIER =
  'No OAuth code verifier found in storage. This project requires PKCE for OAuth, so the token cannot be exchanged; ' +
  'start the OAuth flow again in this browser.';
/** Spec 8: logged when One Tap cannot start or its prompt is not shown, followed by the reason. */
export const MSG_ONE_TAP_NOT_LOADED = 'One Tap could not load: ';
/** One Tap's sign-in context and automatic selection (client spec 9: context 'use', auto_select off). */
export const ONE_TAP_CONTEXT = 'use';
export const ONE_TAP_AUTO_SELECT = false;
