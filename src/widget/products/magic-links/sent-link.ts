// The link the first paint sent (the record's early send, index.ts) before React arrived, for the product's send
// (actors.ts) to adopt instead of sending again: one request, and one email, for one Continue. In the entry, with the
// record that sends it; the product's chunk imports it from there.
import type { MagicLinkLoginOrCreateResponse, MagicLinkOptionsWire } from '../../../api/index.ts';
import type { AuthClient } from '../../../client/types.ts';

interface EarlyLink {
  email: string;
  options: string;
  answer: Promise<MagicLinkLoginOrCreateResponse>;
}

/** At most one send waiting to be adopted per client (per element): a newer Continue replaces it. */
const early = new WeakMap<AuthClient, EarlyLink>();

/** Sends the link now, for the product to adopt; its answer (or error) is also the caller's. */
export function sendEarly(
  client: AuthClient,
  email: string,
  options: MagicLinkOptionsWire,
): Promise<MagicLinkLoginOrCreateResponse> {
  const answer = client.magicLinks.email.loginOrCreate(email, options);
  early.set(client, { email, options: JSON.stringify(options), answer });
  return answer;
}

/**
 * The send the first paint made for this very address and these options, taken once (a later Continue sends anew);
 * else a new send.
 */
export function adoptOrSend(
  client: AuthClient,
  email: string,
  options: MagicLinkOptionsWire,
): Promise<MagicLinkLoginOrCreateResponse> {
  const held = early.get(client);
  early.delete(client);
  if (held && held.email === email && held.options === JSON.stringify(options)) return held.answer;
  return client.magicLinks.email.loginOrCreate(email, options);
}
