// The redirect tokens a page URL can carry (`?stytch_token_type=…&token=…`): read once when the widget starts.
import { TOKEN_PARAM, TOKEN_TYPE_PARAM } from '../../api/index.ts';

/** The page URL the widget reads tokens from, unless a test gives one. */
export function pageUrl(url?: string): string | undefined {
  return url ?? (typeof location === 'undefined' ? undefined : location.href);
}

/** The token of a redirect URL whose `stytch_token_type` is `tokenType`, or null. */
export function tokenFrom(url: string | undefined, tokenType: string): string | null {
  if (!url) return null;
  try {
    const params = new URL(url).searchParams;
    return params.get(TOKEN_TYPE_PARAM) === tokenType ? params.get(TOKEN_PARAM) || null : null;
  } catch {
    return null;
  }
}

/** Removes `stytch_token_type` and `token` from the address bar (history.replaceState, no navigation). */
export function removeTokenFromUrl(): void {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  if (!url.searchParams.has(TOKEN_PARAM) && !url.searchParams.has(TOKEN_TYPE_PARAM)) return;
  url.searchParams.delete(TOKEN_PARAM);
  url.searchParams.delete(TOKEN_TYPE_PARAM);
  window.history.replaceState(window.history.state, '', url.href);
}
