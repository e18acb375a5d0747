import type { Db } from '../db/db.ts';
import type { OutgoingMessage } from './message.ts';

/**
 * Somewhere every message is also kept, besides its transport. Delivery knows no kind of sink: development hands it
 * the dev inbox (src/server/dev/) through `Deps.messageSink`, and production has none, so there a message goes out
 * through its transport or not at all.
 */
export interface MessageSink {
  /** Runs inside the sending transaction (`db`), so a send that fails takes the kept copy back with it. */
  keep(db: Db, id: string, message: OutgoingMessage, now: number): Promise<void>;
}
