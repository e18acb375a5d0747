import type { InboxMessage } from './inbox-store.ts';
import { escapeHtml } from '../views/escape.ts';
import { servicePage } from '../views/oauth-pages.ts';

const INBOX_PAGE_STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 48rem; padding: 1rem; color: #1a1a1a; }
  .messages { list-style: none; padding: 0; }
  .message { border: 1px solid #c8c8c8; border-radius: 8px; padding: 1rem; margin-block: 1rem; }
  .message h2 { font-size: 1.15rem; margin: 0 0 .5rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 .75rem; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f4f4; padding: .75rem; border-radius: 4px; }
  a { color: #0645ad; overflow-wrap: anywhere; }
  a:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
`;

/** The dev inbox as a page: newest first, each message with its details, text and clickable links. */
export function devInboxPage(input: { projectName: string; messages: InboxMessage[]; to: string | undefined }): string {
  const heading = input.to ? `Dev inbox for ${input.to}` : 'Dev inbox';
  const body = input.messages.length
    ? `<ol class="messages">${input.messages.map(messageItem).join('\n')}</ol>`
    : '<p>No messages yet. Sign in with any email address or phone number and the message will appear here.</p>';
  const page = `<h1>${escapeHtml(heading)}</h1>
<p>Every email, SMS and WhatsApp message the identity service would have sent, newest first.
<a href="/dev/inbox.json${input.to ? `?to=${encodeURIComponent(input.to)}` : ''}">As JSON</a>.</p>
${body}`;
  return servicePage(`${heading} · ${input.projectName}`, page, INBOX_PAGE_STYLE);
}

/** How a message without a subject (a text or WhatsApp message) is headed. */
const CHANNEL_NAMES: Record<InboxMessage['channel'], string> = {
  email: 'Email',
  sms: 'Text message (SMS)',
  whatsapp: 'WhatsApp message',
};

function messageItem(message: InboxMessage): string {
  const id = `message-${escapeHtml(message.message_id)}`;
  const links = message.links.length
    ? `<ul class="links">${message.links
        .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
        .join('')}</ul>`
    : '';
  return `<li class="message"><article aria-labelledby="${id}">
<h2 id="${id}">${escapeHtml(message.subject || `${CHANNEL_NAMES[message.channel]} to ${message.to}`)}</h2>
<dl>
<dt>Channel</dt><dd>${escapeHtml(message.channel)}</dd>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
<dt>From</dt><dd>${escapeHtml(message.from)}</dd>
<dt>Sent</dt><dd><time datetime="${escapeHtml(message.created_at)}">${escapeHtml(message.created_at)}</time></dd>
</dl>
<pre>${escapeHtml(message.text)}</pre>
${links}
</article></li>`;
}
