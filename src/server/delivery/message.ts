export type MessageChannel = 'email' | 'sms' | 'whatsapp';

/** One message as the service composes it; the dev inbox stores it whole, the transports take what they need. */
export interface OutgoingMessage {
  channel: MessageChannel;
  to: string;
  from: string;
  /** Empty for SMS and WhatsApp. */
  subject: string;
  text: string;
  /** Empty for SMS and WhatsApp. */
  html: string;
  /** The links in the message, so the dev inbox (and tests) can follow them without parsing the text. */
  links: string[];
}

/** Thrown by a transport; `deliver` logs the reason for the operator and answers the visitor a clear error. */
export class DeliveryFailure extends Error {
  override name = 'DeliveryFailure';
}
