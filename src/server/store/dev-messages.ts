import { DEV_INBOX_MAX_MESSAGES } from '../constants.ts';
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

export type MessageChannel = 'email' | 'sms' | 'whatsapp';

export interface OutgoingMessage {
  channel: MessageChannel;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** A message as the dev inbox shows it (also the JSON the tests read). */
export interface InboxMessage extends OutgoingMessage {
  message_id: string;
  created_at: string;
}

interface MessageRow {
  id: string;
  channel: MessageChannel;
  recipient: string;
  sender: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  created_at: Date;
}

export async function insertMessage(db: Db, message: OutgoingMessage, now: number): Promise<string> {
  const id = newId('message');
  await db.query(
    `insert into dev_messages (id, channel, recipient, sender, subject, text, html, links, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::timestamptz)`,
    [id, message.channel, message.to, message.from, message.subject, message.text, message.html, JSON.stringify(message.links), iso(now)],
  );
  return id;
}

/** Newest first; only messages to `to` (compared without case) when given. */
export async function listMessages(db: Db, to?: string): Promise<InboxMessage[]> {
  const rows = to
    ? await db.query<MessageRow>('select * from dev_messages where recipient = $1 order by seq desc limit $2', [
        to.trim().toLowerCase(),
        DEV_INBOX_MAX_MESSAGES,
      ])
    : await db.query<MessageRow>('select * from dev_messages order by seq desc limit $1', [DEV_INBOX_MAX_MESSAGES]);
  return rows.map((row) => ({
    message_id: row.id,
    channel: row.channel,
    to: row.recipient,
    from: row.sender,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: row.links,
    created_at: iso(row.created_at),
  }));
}
