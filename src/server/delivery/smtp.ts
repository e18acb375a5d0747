import nodemailer from 'nodemailer';
import type { SmtpOptions } from '../config.ts';
import { SMTP_CONNECTION_TIMEOUT_MS, SMTP_GREETING_TIMEOUT_MS, SMTP_SOCKET_TIMEOUT_MS } from './constants.ts';
import { DeliveryFailure, type OutgoingMessage } from './message.ts';

type Transporter = ReturnType<typeof nodemailer.createTransport>;

/** One transporter per SMTP URL; unpooled, so each message opens (and closes) its own connection. */
const transporters = new Map<string, Transporter>();

function transporterFor(url: string): Transporter {
  let transporter = transporters.get(url);
  if (!transporter) {
    // Options in the URL's query (e.g. `?requireTLS=true`) are read by Nodemailer too and win over these.
    transporter = nodemailer.createTransport({
      url,
      connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
      greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
      socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
    });
    transporters.set(url, transporter);
  }
  return transporter;
}

/** Sends the email, text and HTML parts, through the SMTP server; resolves once the server accepted it. */
export async function sendEmail(smtp: Required<SmtpOptions>, message: OutgoingMessage): Promise<void> {
  try {
    await transporterFor(smtp.url).sendMail({
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
  } catch (error) {
    throw new DeliveryFailure(`SMTP: ${error instanceof Error ? error.message : String(error)}`);
  }
}
