import type { MagicLinkAuthenticateResponse, MagicLinkLoginOrCreateResponse } from '../../api/magic-links.ts';
import {
  DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
  TOKEN_PARAM,
  TOKEN_TYPE_PARAM,
  TOKEN_TYPES,
} from '../../api/magic-links.ts';
import type { EmailFactor } from '../../api/session.ts';
import type { Deps } from '../context.ts';
import { deliveryLocale } from '../i18n/delivery-locale.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { normalizeEmail } from '../http/validate.ts';
import type { MagicLinkSendInput } from '../routes/magic-links.schemas.ts';
import type { TokenAuthenticationInput } from '../routes/token-authentication.schemas.ts';
import { isAllowedRedirectUrl, resolveRedirectUrl } from '../security/redirect-urls.ts';
import { hashToken, newSecretToken } from '../security/tokens.ts';
import { consumeMagicLink, findUsableMagicLink, insertMagicLink } from '../store/magic-links.ts';
import { findEmail, findOrCreateUserByEmail } from '../store/users.ts';
import { contactOfMethod, methodIdToAdd, proveContact, proverOf } from './proof.ts';
import type { MagicLinkPurpose } from '../views/magic-link-email.ts';
import { magicLinkEmail } from '../views/magic-link-email.ts';
import { limitSendFrom } from './client-limits.ts';
import { deliver } from './mailer.ts';
import { authenticatePayload, minutesToMs, sessionAfterAuthentication } from './sessions.ts';
import { checkPkce } from './token-authentication.ts';

type SendPayload = Omit<MagicLinkLoginOrCreateResponse, 'request_id' | 'status_code'>;
type AuthenticatePayload = Omit<MagicLinkAuthenticateResponse, 'request_id' | 'status_code'>;

/**
 * Who a send is for: anyone (creating the user when new), only an existing user (`send/primary`), or the signed-in
 * user adding an address (`send/secondary`).
 */
export type SendMode =
  | { kind: 'login_or_create' }
  | { kind: 'existing_user' }
  | { kind: 'add_to_user'; userId: string; sessionId: string };

/** POST /magic_links/email/login_or_create, /send/primary and /send/secondary. */
export async function sendEmailMagicLink(
  deps: Deps,
  meta: RequestMeta,
  request: MagicLinkSendInput,
  mode: SendMode,
): Promise<SendPayload> {
  const locale = deliveryLocale(request.locale, meta);
  const email = normalizeEmail(request.email);

  await limitSendFrom(deps, meta);
  await deps.limits.magicLinkSend.take(`email:${email}`, deps.config.now());

  // Decide and check everything before creating a user, so a refused request leaves nothing behind.
  const existing = await findEmail(deps.db, email);
  if (mode.kind === 'existing_user' && !existing) throw Errors.emailNotFound();
  const purpose: MagicLinkPurpose = existing || mode.kind === 'add_to_user' ? 'login' : 'signup';
  const redirectUrl = chooseRedirectUrl(deps, meta, request, purpose);
  const expiresInMinutes =
    (purpose === 'login' ? request.login_expiration_minutes : request.signup_expiration_minutes) ??
    DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES;

  // One transaction, delivery last: a message that cannot be sent rolls back the user, address and link it needed.
  const { userId, emailId, created } = await deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    // A sign-in link names the address's holder (made, unproven, when new: the wire answers a user_id); an added
    // address stays the user's pending contact until this session uses the link (services/proof.ts).
    const owner =
      mode.kind === 'add_to_user'
        ? { userId: mode.userId, emailId: await methodIdToAdd(tx, 'email', email, mode.userId, now), created: false }
        : await findOrCreateUserByEmail(tx, email, now, request.create_user_as_pending ? 'pending' : 'active');

    const token = newSecretToken();
    await insertMagicLink(tx, {
      tokenHash: hashToken(token),
      userId: owner.userId,
      emailId: owner.emailId,
      sessionId: mode.kind === 'add_to_user' ? mode.sessionId : null,
      codeChallenge: request.code_challenge ?? null,
      redirectUrl: redirectUrl.href,
      now,
      expiresAt: now + minutesToMs(expiresInMinutes),
    });

    const link = tokenUrl(redirectUrl, TOKEN_TYPES.magicLinks, token);
    const content = magicLinkEmail({ locale, projectName: deps.config.projectName, purpose, link, expiresInMinutes });
    await deliver(
      { ...deps, db: tx },
      { channel: 'email', to: email, from: deps.config.senderAddress, links: [link], ...content },
    );
    return owner;
  });

  return { user_id: userId, email_id: emailId, user_created: created };
}

/** POST /magic_links/authenticate */
export async function authenticateMagicLink(
  deps: Deps,
  meta: RequestMeta,
  input: TokenAuthenticationInput,
): Promise<AuthenticatePayload> {
  const { token, session_duration_minutes: durationMinutes, code_verifier: codeVerifier } = input;
  const tokenHash = hashToken(token);
  const link = await findUsableMagicLink(deps.db, tokenHash, deps.config.now());
  if (!link) throw Errors.unableToAuthMagicLink();
  checkPkce(link.code_challenge, codeVerifier);

  const { session, sessionToken, emailId } = await deps.db.transaction(async (tx) => {
    const txDeps = { ...deps, db: tx };
    const now = deps.config.now();
    // Checked before the link is used up: a link bound to another session stays usable by its own.
    const prover = await proverOf(tx, meta, link.session_id, now);
    if (!prover) throw Errors.unableToAuthMagicLink();
    const consumed = await consumeMagicLink(tx, tokenHash, now);
    if (!consumed) throw Errors.unableToAuthMagicLink();
    const address = await contactOfMethod(tx, consumed.email_id, ['email']);
    if (!address) throw Errors.unableToAuthMagicLink();
    const proven = await proveContact(tx, {
      kind: 'email',
      value: address.value,
      prover,
      now,
      pendingId: address.pendingId,
    });
    const factor: EmailFactor = {
      type: 'magic_link',
      delivery_method: 'email',
      last_authenticated_at: new Date(now).toISOString(),
      email_factor: { email_id: proven.contactId, email_address: address.value },
    };
    const started = await sessionAfterAuthentication(txDeps, meta, { userId: proven.userId, factor, durationMinutes });
    return { ...started, emailId: proven.contactId };
  });

  return { ...(await authenticatePayload(deps, session, sessionToken)), method_id: emailId };
}

/** The URL for this purpose, else the other purpose's, else the project default; then the allowlist decides. */
function chooseRedirectUrl(deps: Deps, meta: RequestMeta, request: MagicLinkSendInput, purpose: MagicLinkPurpose): URL {
  const [preferred, fallback] =
    purpose === 'login'
      ? [request.login_magic_link_url, request.signup_magic_link_url]
      : [request.signup_magic_link_url, request.login_magic_link_url];
  return allowedRedirectUrl(deps, meta, preferred || fallback);
}

/** `named` (else the project default) resolved against the calling page, if the allowlist admits it. */
export function allowedRedirectUrl(deps: Deps, meta: RequestMeta, named: string | undefined): URL {
  const chosen = named || deps.config.defaultRedirectUrl;
  if (!chosen) {
    throw Errors.invalidRedirectUrl('redirectUrlMissing');
  }
  const url = resolveRedirectUrl(chosen, meta.pageOrigin);
  if (!url) throw Errors.invalidRedirectUrl('redirectUrlNotValid', { url: chosen });
  if (!isAllowedRedirectUrl(url, deps.config.redirectUrls)) {
    throw Errors.invalidRedirectUrl('redirectUrlNotAllowed', { url: url.href });
  }
  return url;
}

/** `<redirect_url>?stytch_token_type=<type>&token=<token>`, keeping any query the redirect URL already has. */
export function tokenUrl(redirectUrl: URL, tokenType: string, token: string): string {
  const url = new URL(redirectUrl.href);
  url.searchParams.set(TOKEN_TYPE_PARAM, tokenType);
  url.searchParams.set(TOKEN_PARAM, token);
  return url.href;
}
