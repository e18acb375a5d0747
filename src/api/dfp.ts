// Device fingerprinting ("DFP", wire contract 1.5): where the service serves its telemetry script and receives the
// signals, and the shapes of that exchange. Outside /sdk/v1, as the provider's CDN script and DFP backend are.
import type { ResponseCommon } from './envelope.ts';

/**
 * The fingerprinting script, on the service's origin: the name of the file the hosted provider's CDN serves
 * (`https://elements.stytch.com/telemetry.js`).
 */
export const DFP_SCRIPT_PATH = '/telemetry.js';
/** The DFP backend's submit endpoint (the provider's `<dfpBackendURL>/submit`), on the same origin. */
export const DFP_SUBMIT_PATH = '/dfp/submit';
/** The global function the script defines: `GetTelemetryID({publicToken, submitURL})` resolves to a telemetry id. */
export const DFP_SCRIPT_FUNCTION = 'GetTelemetryID';

export interface DfpSubmitRequest {
  public_token: string;
  /** Stable browser properties by name, each as text (user agent, languages, screen, time zone, …). */
  signals: Record<string, string>;
}

export interface DfpSubmitResponse extends ResponseCommon {
  /** Sent as `dfp_telemetry_id` on one send or login call; good for a few minutes. */
  telemetry_id: string;
}
