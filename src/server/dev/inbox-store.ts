// The dev inbox table: every message the service sends, kept in the clear for a day, written only in development,
// where delivery reaches it through the sink below (`Deps.messageSink`). The table itself stays in the schema; a
// service without the dev inbox only empties it at start (store/dev-inbox-leftovers.ts).
import { DEV_INBOX_MAX_MESSAGES, DEV_INBOX_RETENTION_MS } from './constants.ts';
import type { Db } from '../db/db.ts';
import type { MessageChannel, OutgoingMessage } from '../delivery/message.ts';
import type { MessageSink } from '../delivery/sink.ts';
import { iso } from '../store/time.ts';

export type { MessageChannel, OutgoingMessage };

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

/** Stores a message under `id`, first deleting every message older than DEV_INBOX_RETENTION_MS. */
export async function insertMessage(db: Db, id: string, message: OutgoingMessage, now: number): Promise<void> {
  await purgeOldMessages(db, now);
  await db.query(
    `insert into dev_messages (id, channel, recipient, sender, subject, text, html, links, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::timestamptz)`,
    [
      id,
      message.channel,
      message.to,
      message.from,
      message.subject,
      message.text,
      message.html,
      JSON.stringify(message.links),
      iso(now),
    ],
  );
}

/** The dev inbox as delivery sees it: every message lands here, in the sending transaction. */
export const inboxSink: MessageSink = { keep: insertMessage };

/**
 * Deletes every message older than DEV_INBOX_RETENTION_MS: at start, on every insert and on every read. One
 * statement, so two services purging at once cannot trip over each other.
 */
export async function purgeOldMessages(db: Db, now: number): Promise<void> {
  await db.query('delete from dev_messages where created_at < $1::timestamptz', [iso(now - DEV_INBOX_RETENTION_MS)]);
}

/** Newest first; only messages to `to` (compared without case) when given. Purges expired messages first. */
export async function listMessages(db: Db, now: number, to?: string): Promise<InboxMessage[]> {
  await purgeOldMessages(db, now);
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
