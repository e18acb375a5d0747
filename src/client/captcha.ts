// The captcha/DFP retry of "R" endpoints (wire contract 1.5), loaded only when a `Captcha required` answer arrives.
// Providers are pluggable (options `captcha`, `dfp`); the default captcha is reCAPTCHA Enterprise.
import type { BootstrapData } from '../api/index.ts';
import { RECAPTCHA_ACTION, RECAPTCHA_SCRIPT_URL } from './constants/captcha.ts';
import { MSG_CAPTCHA_UNAVAILABLE } from './constants/http.ts';
import type { Body } from './http.ts';
import type { AuthClientOptions } from './types.ts';

interface Grecaptcha {
  enterprise: { ready(cb: () => void): void; execute(siteKey: string, o: { action: string }): Promise<string> };
}

let recaptchaScript: Promise<void> | undefined;

/** Loads the reCAPTCHA Enterprise script once per page and asks it for a token. */
export async function recaptchaToken(siteKey: string): Promise<string> {
  recaptchaScript ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT_URL + encodeURIComponent(siteKey);
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(MSG_CAPTCHA_UNAVAILABLE));
    document.head.append(script);
  });
  await recaptchaScript;
  const g = (window as unknown as { grecaptcha: Grecaptcha }).grecaptcha;
  await new Promise<void>((resolve) => g.enterprise.ready(resolve));
  return g.enterprise.execute(siteKey, { action: RECAPTCHA_ACTION });
}

/**
 * The body for the one retry: a fresh DFP telemetry id and (in OBSERVATION mode, the default) a fresh captcha token.
 * With DFP protection off, or nothing to send, it throws 'Unable to query captcha and/or dfp telemetry ID'.
 */
export async function captchaRetryBody(
  body: Body | undefined,
  bootstrap: BootstrapData,
  providers: Pick<AuthClientOptions, 'captcha' | 'dfp'>,
): Promise<Body> {
  if (!bootstrap.runDFPProtectedAuth) throw new Error(MSG_CAPTCHA_UNAVAILABLE);
  const dfp_telemetry_id = providers.dfp ? await providers.dfp() : undefined;
  const settings = bootstrap.captchaSettings;
  // DECISIONING sends only the DFP id; OBSERVATION sends both.
  const captcha_token =
    bootstrap.dfpProtectedAuthMode !== 'DECISIONING' && settings.enabled
      ? await (providers.captcha ?? recaptchaToken)(settings.siteKey)
      : undefined;
  if (!dfp_telemetry_id && !captcha_token) throw new Error(MSG_CAPTCHA_UNAVAILABLE);
  return { ...body, dfp_telemetry_id, captcha_token };
}
