// Google One Tap (wire contract 3.6), loaded on first use: ask the service for the project's Google client id and a
// callback id, load Google's client script once, initialize and prompt, and exchange the credential Google returns
// for the redirect URL the page then navigates to.
import type { OneTapStartResponse, OneTapSubmitRequest, OneTapSubmitResponse } from '../api/index.ts';
import {
  GOOGLE_GSI_SCRIPT_URL,
  OAUTH_START_PARAMS,
  ONE_TAP_CALLBACK_PATH,
  ONE_TAP_START_PATH,
  ONE_TAP_TYPE_HEADER,
  ONE_TAP_TYPE_VALUE,
} from '../api/oauth.ts';
import { MSG_ONE_TAP_NOT_LOADED, ONE_TAP_AUTO_SELECT, ONE_TAP_CONTEXT } from './constants/oauth.ts';
import { readCookie } from './cookies.ts';
import { loadScript } from './load-script.ts';
import { navigation } from './navigation.ts';
import type { GoogleOneTapStartOptions, OneTapClient, OneTapStartResult } from './types.ts';

/** The part of Google's `google.accounts.id` the client uses. */
interface PromptMoment {
  isDisplayMoment?(): boolean;
  isNotDisplayed?(): boolean;
  getNotDisplayedReason?(): string;
  isSkippedMoment(): boolean;
  getSkippedReason?(): string;
  isDismissedMoment(): boolean;
}
export interface GoogleAccountsId {
  initialize(config: Record<string, unknown>): void;
  prompt(listener?: (moment: PromptMoment) => void): void;
  cancel(): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

/** The forced-legacy position turns FedCM off (the only way an embedded prompt still shows where FedCM exists). */
const FORCE_LEGACY_EMBEDDED = 'forceLegacyEmbedded';
/** The cookie the service's CSRF token travels in (wire contract 3.6). */
const CSRF_COOKIE = 'stytch_csrf_private_token';

/** Google's client, from the page if it is already there, else by loading `src` (once per address). */
async function loadGsi(src: string): Promise<GoogleAccountsId> {
  const present = window.google?.accounts?.id;
  if (present) return present;
  await loadScript(src, () => new Error(`Could not load ${src}`));
  const id = window.google?.accounts?.id;
  if (!id) throw new Error(`${src} did not define google.accounts.id`);
  return id;
}

let active: GoogleAccountsId | undefined;

/** Closes a prompt that is showing (the widget leaves Main, or the element goes away). */
export function cancelOneTap(): void {
  active?.cancel();
}

function notLoaded(reason: string): OneTapStartResult {
  console.warn(MSG_ONE_TAP_NOT_LOADED + reason);
  return { success: false, reason };
}

export async function startOneTap(
  where: { baseUrl: string; publicToken: string },
  options: GoogleOneTapStartOptions = {},
): Promise<OneTapStartResult> {
  const startUrl = new URL(ONE_TAP_START_PATH, where.baseUrl);
  startUrl.searchParams.set(OAUTH_START_PARAMS.publicToken, where.publicToken);
  let start: OneTapStartResponse;
  try {
    const res = await fetch(startUrl, { credentials: 'include' });
    const body = (await res.json()) as Partial<OneTapStartResponse> & { error_type?: string };
    if (!res.ok) return notLoaded(body.error_type ?? `http_${res.status}`);
    start = body as OneTapStartResponse;
  } catch (error) {
    return notLoaded(String(error));
  }
  if (!start.google_client_id) return notLoaded('oauth_config_not_found');

  let google: GoogleAccountsId;
  try {
    google = await loadGsi(start.google_script_url || GOOGLE_GSI_SCRIPT_URL);
  } catch (error) {
    return notLoaded(String(error));
  }
  active = google;

  const callback = async ({ credential }: { credential: string }) => {
    try {
      const body: OneTapSubmitRequest = {
        id_token: credential,
        stytch_csrf_token: readCookie(CSRF_COOKIE) ?? undefined,
        login_redirect_url: options.login_redirect_url,
        signup_redirect_url: options.signup_redirect_url,
      };
      const res = await fetch(new URL(ONE_TAP_CALLBACK_PATH(start.oauth_callback_id), where.baseUrl), {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', [ONE_TAP_TYPE_HEADER]: ONE_TAP_TYPE_VALUE },
        body: JSON.stringify(body),
      });
      const result = (await res.json()) as Partial<OneTapSubmitResponse> & {
        error_type?: string;
        error_message?: string;
      };
      if (result.status_code !== 200 || !result.redirect_url) {
        throw Object.assign(new Error(result.error_message ?? 'One Tap sign-in failed'), result);
      }
      navigation.assign(result.redirect_url);
    } catch (error) {
      console.error('One Tap sign-in failed', error);
      options.onError?.(error);
    }
  };

  const embedded = options.prompt_parent_id !== undefined;
  const client: OneTapClient = { googleClientId: start.google_client_id, cancel: () => google.cancel() };
  google.initialize({
    client_id: start.google_client_id,
    nonce: start.oauth_callback_id,
    callback,
    auto_select: ONE_TAP_AUTO_SELECT,
    context: ONE_TAP_CONTEXT,
    itp_support: true,
    use_fedcm_for_prompt: options.position !== FORCE_LEGACY_EMBEDDED,
    // An embedded prompt belongs to the form: a tap elsewhere on the page must not close it.
    cancel_on_tap_outside: embedded ? false : (options.cancel_on_tap_outside ?? true),
    ...(embedded ? { prompt_parent_id: options.prompt_parent_id } : {}),
  });

  return new Promise<OneTapStartResult>((resolve) => {
    let settled = false;
    const settle = (result: OneTapStartResult) => {
      if (settled) return;
      settled = true;
      if (!result.success) console.warn(MSG_ONE_TAP_NOT_LOADED + result.reason);
      resolve(result);
    };
    google.prompt((moment) => {
      if (moment.isSkippedMoment()) {
        // Also after the prompt showed: the visitor closed it (user_cancel) or tapped outside (tap_outside).
        const reason = moment.getSkippedReason?.() ?? 'unknown_reason';
        options.onOneTapCancelled?.(reason);
        settle({ success: false, reason });
        return;
      }
      if (moment.isNotDisplayed?.() || (!moment.isNotDisplayed && embedded)) {
        const reason = moment.getNotDisplayedReason?.() ?? 'unknown_reason';
        settle({ success: false, reason });
        return;
      }
      if (!moment.isDismissedMoment()) settle({ success: true, client });
    });
  });
}
