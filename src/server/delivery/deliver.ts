import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { newId } from '../ids.ts';
import { DeliveryFailure, type OutgoingMessage } from './message.ts';
import { sendThroughWebhook } from './sms-webhook.ts';
import { sendEmail } from './smtp.ts';

/**
 * Sends one message. With a sink (`deps.messageSink`: the dev inbox, which only development supplies) it is kept
 * there; when a real transport for its channel is configured (SMTP for email, the webhook for SMS and WhatsApp) it is
 * also sent for real, with a sink too. Without a sink nothing is stored, and a channel without a transport cannot be
 * sent.
 *
 * Callers run this last inside the transaction that created the user, method and token or code: a failure throws
 * `message_delivery_failed`, and the rollback leaves nothing behind that the visitor never received.
 */
export async function deliver(deps: Deps, message: OutgoingMessage): Promise<string> {
  const { config, messageSink } = deps;
  const id = newId(deps.db, 'message');
  if (messageSink) await messageSink.keep(deps.db, id, message, config.now());

  try {
    if (message.channel === 'email') {
      if (config.smtp) await sendEmail(config.smtp, message);
      else if (!messageSink) throw new DeliveryFailure('no SMTP server is configured (smtp / SMTP_URL)');
    } else if (config.smsWebhook) {
      await sendThroughWebhook(config.smsWebhook, message, id, config.now);
    } else if (!messageSink) {
      throw new DeliveryFailure('no SMS webhook is configured (smsWebhook / SMS_WEBHOOK_URL)');
    }
  } catch (error) {
    if (!(error instanceof DeliveryFailure)) throw error;
    // The operator needs the reason; the visitor gets a clear error without the transport's details.
    console.error(`[identity service] ${message.channel} ${id} not delivered: ${error.message}`);
    throw Errors.messageDeliveryFailed(message.channel);
  }
  return id;
}
