import type { Deps } from '../context.ts';
import { insertMessage, type OutgoingMessage } from '../store/dev-messages.ts';

/**
 * Sends a message. Every message lands in the dev inbox (the outbox table); SMTP delivery is not built yet.
 * TODO(email delivery): when `config.smtp` is set, also deliver through it.
 */
export async function deliver(deps: Deps, message: OutgoingMessage): Promise<string> {
  return insertMessage(deps.db, message, deps.config.now());
}
