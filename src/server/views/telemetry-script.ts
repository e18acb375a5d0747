// The service's device-fingerprinting script, served at DFP_SCRIPT_PATH (routes/dfp.ts): what the hosted provider's
// CDN serves as telemetry.js, written here without a library. It reads a few stable properties of the browser (user
// agent, languages, screen, time zone, platform, hardware concurrency, and a hash of a small canvas drawing, which
// differs with the graphics stack and fonts), posts them to the DFP backend and resolves to the telemetry id the
// service issues. The device is named on the service (the SHA-256 of the signals), so a page cannot pick its own name.
import { DFP_SCRIPT_FUNCTION } from '../../api/dfp.ts';
import { DFP_MAX_SIGNAL_LENGTH } from '../constants/dfp.ts';

export const TELEMETRY_SCRIPT = `// Device fingerprinting for auth-login's identity service.
(() => {
  const text = (value) => String(value ?? '').slice(0, ${DFP_MAX_SIGNAL_LENGTH});
  // FNV-1a, 32 bits: the canvas drawing is long; its hash is the signal (crypto.subtle is missing on plain http).
  const fnv = (input) => {
    let hash = 0x811c9dc5;
    for (let i = 0; i < input.length; i++) {
      hash ^= input.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash.toString(16).padStart(8, '0');
  };
  const canvas = () => {
    try {
      const element = document.createElement('canvas');
      element.width = 220;
      element.height = 30;
      const context = element.getContext('2d');
      if (!context) return '';
      context.textBaseline = 'top';
      context.font = '14px sans-serif';
      context.fillStyle = '#f60';
      context.fillRect(100, 1, 60, 20);
      context.fillStyle = '#069';
      context.fillText('Westlight telemetry \\u2713', 2, 4);
      return fnv(element.toDataURL());
    } catch {
      return '';
    }
  };
  const signals = () => ({
    user_agent: text(navigator.userAgent),
    languages: text((navigator.languages || [navigator.language]).join(',')),
    screen: text([screen.width, screen.height, screen.colorDepth].join('x')),
    timezone: text(Intl.DateTimeFormat().resolvedOptions().timeZone),
    platform: text(navigator.platform),
    hardware_concurrency: text(navigator.hardwareConcurrency),
    canvas: canvas(),
  });
  window.${DFP_SCRIPT_FUNCTION} = async ({ publicToken, submitURL }) => {
    const response = await fetch(submitURL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ public_token: publicToken, signals: signals() }),
    });
    const json = await response.json();
    if (!response.ok || !json.data || typeof json.data.telemetry_id !== 'string') {
      throw new Error('Device fingerprinting failed: ' + (json.error_message || response.status));
    }
    return json.data.telemetry_id;
  };
})();
`;
