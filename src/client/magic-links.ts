// magicLinks.* of the public API (wire contract 3.4, 1.6).
import {
  PATHS,
  type MagicLinkAuthenticateResponse,
  type MagicLinkLoginOrCreateRequest,
  type MagicLinkLoginOrCreateResponse,
  type MagicLinkOptionsWire,
} from '../api/index.ts';
import type { BootstrapApi, MagicLinksApi } from './types.ts';
import type { SessionStore } from './session.ts';
import type { PkceNamespace } from './constants/pkce.ts';
import type { Http } from './http.ts';
import { lazy } from './lazy.ts';
import { validate } from './schema.ts';
import { withoutUser } from './sessions.ts';

/**
 * The PKCE key pairs (pkce.ts), loaded on first use: a link carries a code challenge only when the project requires
 * PKCE, and a stored pair is read only when a link's token is authenticated, so the first paint needs none of it.
 */
const pkce = lazy(() => import('./pkce.ts'));

export function createMagicLinksApi(http: Http, store: SessionStore, bootstrap: BootstrapApi): MagicLinksApi {
  const pt = store.publicToken;

  /** Sends a link to `email`, to the path `path()` gives once the request is ready to leave. */
  const sendLink = async (path: () => string, email: string, options: MagicLinkOptionsWire) => {
    validate({ email }, { email: 'string' });
    const body: MagicLinkLoginOrCreateRequest = { ...options, email };
    // Wait for the fresh bootstrap: whether PKCE is required is the project's setting, not the cache's.
    if ((await bootstrap.get()).pkceRequiredForEmailMagicLinks) {
      // Reusing a stored pair keeps an earlier, still unopened link valid when the user asks for another.
      body.code_challenge = (await (await pkce()).getOrStartPair(pt, 'magic_links')).code_challenge;
    }
    return http.request<MagicLinkLoginOrCreateResponse>('POST', path(), { ...body }, { retriable: true });
  };

  return {
    email: {
      loginOrCreate: (email, options = {}) => sendLink(() => PATHS.magicLinksEmailLoginOrCreate, email, options),
      // With a session in local state the address is added to the signed-in user as a second factor (wire contract
      // 3.4); without one the link goes to an existing user only. PKCE is the same as login_or_create's.
      send: (email, options = {}) =>
        sendLink(
          () => (store.getSession() ? PATHS.magicLinksEmailSendSecondary : PATHS.magicLinksEmailSendPrimary),
          email,
          options,
        ),
    },

    async authenticate(token, options) {
      validate({ token, ...options }, { token: 'string', session_duration_minutes: 'number' });
      const minutes = options.session_duration_minutes;
      const { clearPair, getPair } = await pkce();
      const attempt = async (ns: PkceNamespace) => {
        const response = await http.request<MagicLinkAuthenticateResponse>('POST', PATHS.magicLinksAuthenticate, {
          token,
          session_duration_minutes: minutes,
          code_verifier: getPair(pt, ns)?.code_verifier,
        });
        // Only the pair that actually matched is used up; the other may still belong to a pending flow.
        clearPair(pt, ns);
        return response;
      };
      // A password-reset email also offers a plain login link, and that flow stored its pair under `passwords`: try it
      // first, and fall back to the `magic_links` pair when the service says the PKCE check failed.
      let response: MagicLinkAuthenticateResponse | undefined;
      if (getPair(pt, 'passwords')) {
        try {
          response = await attempt('passwords');
        } catch (error) {
          if (!(error instanceof Error && error.message.includes('pkce'))) throw error;
        }
      }
      response ??= await attempt('magic_links');
      store.applyAuthResponse(response);
      return withoutUser(response);
    },
  };
}
