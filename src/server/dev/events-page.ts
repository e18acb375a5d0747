import type { StoredEvent } from '../store/events.ts';
import { escapeHtml } from '../views/escape.ts';
import { servicePage } from '../views/oauth-pages.ts';

const EVENTS_PAGE_STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem; color: #1a1a1a; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #c8c8c8; padding: .25rem .5rem; text-align: left; vertical-align: top; }
  pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font-size: .8rem; }
`;

/** The stored telemetry as a page: newest first, one row per event with its JSON. */
export function devEventsPage(input: { projectName: string; events: StoredEvent[] }): string {
  const rows = input.events
    .map(
      (e) =>
        `<tr><td>${e.seq}</td><td>${escapeHtml(e.created_at)}</td><td>${escapeHtml(e.source)}</td>` +
        `<td>${escapeHtml(e.name)}</td><td><pre>${escapeHtml(JSON.stringify(e.details, null, 2))}</pre></td></tr>`,
    )
    .join('\n');
  const head = '<thead><tr><th>#</th><th>Received</th><th>Source</th><th>Event</th><th>Details</th></tr></thead>';
  const table = input.events.length ? `<table>${head}<tbody>${rows}</tbody></table>` : '<p>No events yet.</p>';
  const page = `<h1>Dev events</h1>
<p>Telemetry the client sent to <code>/sdk/v1/events</code>, newest first. <a href="/dev/events.json">As JSON</a>.</p>
${table}`;
  return servicePage(`Dev events · ${input.projectName}`, page, EVENTS_PAGE_STYLE);
}
