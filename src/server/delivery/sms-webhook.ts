import type { SmsWebhookOptions } from '../config.ts';
import { SMS_WEBHOOK_IDEMPOTENCY_HEADER, SMS_WEBHOOK_SIGNATURE_HEADER } from './constants.ts';
import { DeliveryFailure, type OutgoingMessage } from './message.ts';
import { webhookSignature } from './webhook-signature.ts';

/** The JSON body of every webhook POST (README, "SMS and WhatsApp webhook"). */
export interface SmsWebhookBody {
  channel: 'sms' | 'whatsapp';
  /** E.164, e.g. `+14155552671`. */
  to: string;
  text: string;
  /** Unique per message and the same on every retry; also the `Idempotency-Key` header. */
  message_id: string;
  /** When the service composed the message (ISO 8601, UTC). */
  sent_at: string;
}

type Attempt = { ok: true } | { ok: false; retriable: boolean; reason: string };

/**
 * POSTs the message to the site owner's webhook, signed. A 2xx answer is success. A 5xx answer, a network error or
 * a timeout is retried with exponential backoff (`retryBaseDelayMs`, then twice that, ...) up to `attempts` tries,
 * each with the same body and idempotency key; any other answer (4xx, a redirect) is final: repeating the same
 * request cannot change it.
 */
export async function sendThroughWebhook(
  webhook: Required<SmsWebhookOptions>,
  message: OutgoingMessage,
  messageId: string,
  now: () => number,
): Promise<void> {
  if (message.channel === 'email') throw new DeliveryFailure('The SMS webhook carries SMS and WhatsApp only.');
  const body: SmsWebhookBody = {
    channel: message.channel,
    to: message.to,
    text: message.text,
    message_id: messageId,
    sent_at: new Date(now()).toISOString(),
  };
  const rawBody = JSON.stringify(body);
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await postOnce(webhook, rawBody, messageId, Math.floor(now() / 1000));
    if (outcome.ok) return;
    if (!outcome.retriable || attempt >= webhook.attempts) {
      throw new DeliveryFailure(`SMS webhook, attempt ${attempt} of ${webhook.attempts}: ${outcome.reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, webhook.retryBaseDelayMs * 2 ** (attempt - 1)));
  }
}

/** One signed POST; the timestamp is taken per attempt, so a retry is as fresh as a first try. */
async function postOnce(
  webhook: Required<SmsWebhookOptions>,
  rawBody: string,
  messageId: string,
  timestampSeconds: number,
): Promise<Attempt> {
  let response: Response;
  try {
    response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [SMS_WEBHOOK_SIGNATURE_HEADER]: webhookSignature(webhook.secret, timestampSeconds, rawBody),
        [SMS_WEBHOOK_IDEMPOTENCY_HEADER]: messageId,
      },
      body: rawBody,
      // A redirect could carry the codes somewhere the owner never configured.
      redirect: 'manual',
      signal: AbortSignal.timeout(webhook.attemptTimeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : describe(error);
    return { ok: false, retriable: true, reason };
  }
  // The answer's body means nothing to us; dropping it frees the connection.
  await response.body?.cancel().catch(() => {});
  if (response.status >= 200 && response.status < 300) return { ok: true };
  return { ok: false, retriable: response.status >= 500, reason: `answered ${response.status}` };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
