// GET /dev/fingerprints (page) and /dev/fingerprints.json: the devices device fingerprinting has recorded
// (services/dfp.ts), newest first, with the signals each sent and how many protected calls it made and had flagged.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { htmlPage } from '../http/html-page.ts';
import { listDevices, type RecordedDevice } from '../store/dfp.ts';
import { escapeHtml } from '../views/escape.ts';
import { servicePage } from '../views/oauth-pages.ts';

export const DEV_FINGERPRINTS_PATH = '/dev/fingerprints';

const FINGERPRINTS_PAGE_STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem; color: #1a1a1a; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #c8c8c8; padding: .25rem .5rem; text-align: left; vertical-align: top; }
  pre, code { font-size: .8rem; overflow-wrap: anywhere; }
  pre { margin: 0; white-space: pre-wrap; }
`;

function devFingerprintsPage(input: { projectName: string; mode: string; devices: RecordedDevice[] }): string {
  const rows = input.devices
    .map(
      (d) =>
        `<tr><td><code>${escapeHtml(d.visitor_id.slice(0, 16))}…</code></td>` +
        `<td>${escapeHtml(d.first_seen_at)}<br>${escapeHtml(d.last_seen_at)}</td>` +
        `<td>${d.ids_issued}</td><td>${d.protected_calls}</td><td>${d.flagged_calls}</td>` +
        `<td>${escapeHtml(d.ip_address)}</td>` +
        `<td><pre>${escapeHtml(JSON.stringify(d.signals, null, 2))}</pre></td></tr>`,
    )
    .join('\n');
  const head =
    '<thead><tr><th>Device</th><th>First / last seen</th><th>Ids issued</th><th>Protected calls</th>' +
    '<th>Flagged</th><th>IP</th><th>Signals</th></tr></thead>';
  const table = input.devices.length ? `<table>${head}<tbody>${rows}</tbody></table>` : '<p>No devices yet.</p>';
  const page = `<h1>Dev fingerprints</h1>
<p>Devices the telemetry script described (mode ${escapeHtml(input.mode)}), most recently seen first.
<a href="${DEV_FINGERPRINTS_PATH}.json">As JSON</a>.</p>
${table}`;
  return servicePage(`Dev fingerprints · ${input.projectName}`, page, FINGERPRINTS_PAGE_STYLE);
}

/** Mounted in development while device fingerprinting is on. */
export function devFingerprintRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(DEV_FINGERPRINTS_PATH, async (c) =>
    htmlPage(
      c,
      devFingerprintsPage({
        projectName: deps.config.projectName,
        mode: deps.config.dfp?.mode ?? 'off',
        devices: await listDevices(deps.db),
      }),
    ),
  );
  routes.get(`${DEV_FINGERPRINTS_PATH}.json`, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ devices: await listDevices(deps.db) });
  });
  return routes;
}
