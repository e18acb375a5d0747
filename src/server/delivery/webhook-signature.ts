import { createHmac } from 'node:crypto';

/**
 * The `X-Signature` value for a webhook body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under the
 * shared secret (Stripe's scheme). Signing the timestamp with the body lets a receiver refuse old copies (replays)
 * by checking `t` against its clock; the README shows the receiver's side.
 */
export function webhookSignature(secret: string, timestampSeconds: number, rawBody: string): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}
