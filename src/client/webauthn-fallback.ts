// For browsers without the WebAuthn JSON helpers: @simplewebauthn/browser converts the JSON options and credentials.
// Its own chunk, loaded by webauthn-ceremony.ts only on such a browser.
import { startAuthentication, startRegistration, WebAuthnAbortService } from '@simplewebauthn/browser';

type Json = Record<string, unknown>;

/**
 * The library wraps the browser's DOMException in its WebAuthnError (the original as `cause`) and aborts with a plain
 * Error named AbortError; callers of the client get the browser's exception, or the caller's abort reason, unchanged.
 */
function unwrap(error: unknown, signal?: AbortSignal): unknown {
  if (signal?.aborted) return signal.reason;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof DOMException ? cause : error;
}

export async function register(options: Json): Promise<Json> {
  try {
    return (await startRegistration({ optionsJSON: options as never })) as unknown as Json;
  } catch (error) {
    throw unwrap(error);
  }
}

export async function authenticate(
  options: Json,
  how: { conditional: boolean; signal?: AbortSignal | undefined },
): Promise<Json> {
  // The library keeps its own abort controller; the caller's signal cancels through it.
  const cancel = () => WebAuthnAbortService.cancelCeremony();
  how.signal?.addEventListener('abort', cancel, { once: true });
  try {
    // The client has already found the autofill input (also in shadow roots, which the library's check cannot see).
    return (await startAuthentication({
      optionsJSON: options as never,
      useBrowserAutofill: how.conditional,
      verifyBrowserAutofillInput: false,
    })) as unknown as Json;
  } catch (error) {
    throw unwrap(error, how.signal);
  } finally {
    how.signal?.removeEventListener('abort', cancel);
  }
}
