// Captcha tokens and device-fingerprint (DFP) telemetry ids for the send and login calls (wire contract 1.5), loaded
// only when the project's bootstrap enables one of them. The first request of such a call already carries them
// (`protectedBody`); a `Captcha required` answer is retried once with fresh ones (`captchaRetryBody`). Providers are
// pluggable (options `captcha`, `dfp`); the defaults are reCAPTCHA Enterprise (or the script the bootstrap names
// instead) and the service's own telemetry script.
import type { BootstrapData } from '../api/index.ts';
import { DFP_SCRIPT_FUNCTION, DFP_SCRIPT_PATH, DFP_SUBMIT_PATH } from '../api/dfp.ts';
import { RECAPTCHA_ACTION } from '../api/bootstrap.ts';
import { RECAPTCHA_SCRIPT_URL } from './constants/captcha.ts';
import { MSG_CAPTCHA_UNAVAILABLE } from './constants/http.ts';
import { loadScript } from './load-script.ts';
import type { Body } from './http.ts';
import type { AuthClientOptions } from './types.ts';

interface Grecaptcha {
  enterprise: { ready(cb: () => void): void; execute(siteKey: string, o: { action: string }): Promise<string> };
}
type GetTelemetryId = (o: { publicToken: string; submitURL: string }) => Promise<string>;

/** The service the calls go to: where its telemetry script and DFP backend are, and the project's token. */
export interface ProtectedService {
  baseUrl: string;
  publicToken: string;
}

export type Providers = Pick<AuthClientOptions, 'captcha' | 'dfp'>;

const unavailable = () => new Error(MSG_CAPTCHA_UNAVAILABLE);

/**
 * Loads the reCAPTCHA Enterprise script once per page (or the script at `scriptUrl`, relative to the service, which
 * the bootstrap names instead) and asks it for a token. A script that fails to load rejects with
 * 'Unable to query captcha and/or dfp telemetry ID'.
 */
export async function recaptchaToken(siteKey: string, scriptUrl?: string, baseUrl?: string): Promise<string> {
  const prefix = scriptUrl ? new URL(scriptUrl, baseUrl ?? location.href).href : RECAPTCHA_SCRIPT_URL;
  await loadScript(prefix + encodeURIComponent(siteKey), unavailable);
  const g = (window as unknown as { grecaptcha: Grecaptcha }).grecaptcha;
  await new Promise<void>((resolve) => g.enterprise.ready(resolve));
  return g.enterprise.execute(siteKey, { action: RECAPTCHA_ACTION });
}

/** A fresh telemetry id from the service's own telemetry script (the provider's CDN's telemetry.js). */
export async function dfpTelemetryId(service: ProtectedService): Promise<string> {
  await loadScript(service.baseUrl + DFP_SCRIPT_PATH, unavailable);
  const get = (window as unknown as Record<string, GetTelemetryId>)[DFP_SCRIPT_FUNCTION];
  if (!get) throw unavailable();
  return get({ publicToken: service.publicToken, submitURL: service.baseUrl + DFP_SUBMIT_PATH });
}

function captchaToken(bootstrap: BootstrapData, providers: Providers, service?: ProtectedService) {
  const settings = bootstrap.captchaSettings;
  if (!settings.enabled) return undefined;
  return providers.captcha
    ? providers.captcha(settings.siteKey)
    : recaptchaToken(settings.siteKey, settings.scriptUrl, service?.baseUrl);
}

function telemetryId(providers: Providers, service?: ProtectedService) {
  if (providers.dfp) return providers.dfp();
  return service ? dfpTelemetryId(service) : undefined;
}

/**
 * The body of a send or login call's first request: a telemetry id when the project runs DFP protection, and a
 * captcha token when it enables captcha (except in DECISIONING, where only the telemetry id is sent first: the service
 * decides whether this device must solve a captcha). A telemetry id that cannot be had is left out (the service
 * decides); a captcha that cannot load throws 'Unable to query captcha and/or dfp telemetry ID'.
 */
export async function protectedBody(
  body: Body | undefined,
  bootstrap: BootstrapData,
  providers: Providers,
  service?: ProtectedService,
): Promise<Body | undefined> {
  const dfp = bootstrap.runDFPProtectedAuth
    ? Promise.resolve(telemetryId(providers, service)).catch(() => undefined)
    : undefined;
  const captcha =
    bootstrap.dfpProtectedAuthMode === 'DECISIONING' && bootstrap.runDFPProtectedAuth
      ? undefined
      : captchaToken(bootstrap, providers, service);
  if (!dfp && !captcha) return body;
  const [dfp_telemetry_id, captcha_token] = await Promise.all([dfp, captcha]);
  return { ...body, ...(dfp_telemetry_id ? { dfp_telemetry_id } : {}), ...(captcha_token ? { captcha_token } : {}) };
}

/**
 * The body for the one retry: a fresh DFP telemetry id and a fresh captcha token (the service asked for one, in either
 * mode). With DFP protection off, or nothing to send, it throws 'Unable to query captcha and/or dfp telemetry ID'.
 */
export async function captchaRetryBody(
  body: Body | undefined,
  bootstrap: BootstrapData,
  providers: Providers,
  service?: ProtectedService,
): Promise<Body> {
  if (!bootstrap.runDFPProtectedAuth) throw new Error(MSG_CAPTCHA_UNAVAILABLE);
  const [dfp_telemetry_id, captcha_token] = await Promise.all([
    Promise.resolve(telemetryId(providers, service)).catch(() => undefined),
    captchaToken(bootstrap, providers, service),
  ]);
  if (!dfp_telemetry_id && !captcha_token) throw new Error(MSG_CAPTCHA_UNAVAILABLE);
  return { ...body, dfp_telemetry_id, captcha_token };
}
