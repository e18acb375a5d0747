// Real local servers for the delivery tests: an SMTP server (smtp-server) that receives and parses the actual mail,
// and an HTTP receiver (node:http) standing in for a site owner's SMS webhook (and for Google's reCAPTCHA assessment
// API in recaptcha.test.ts). Both listen on 127.0.0.1, port 0.
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The SMTP envelope: MAIL FROM and every accepted RCPT TO. */
  envelopeFrom: string;
  envelopeTo: string[];
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  url: string;
  mails: ReceivedMail[];
  /** Recipients (lower case) the server answers `550` at RCPT TO, like a mailbox that does not exist. */
  refuse: Set<string>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust in the test.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error('No such mailbox'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const from = session.envelope.mailFrom;
          mails.push({
            envelopeFrom: from ? from.address : '',
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            parsed,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The addresses of a parsed To or From header. */
export function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map((entry) => entry.address ?? ''));
}

export interface WebhookRequest {
  /** The path and query the request was sent to. */
  url: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
}

/** What the receiver answers a request with: a status (and a small JSON body), a status and body, or `hang`. */
export type ReceiverAnswer = number | 'hang' | { status: number; body: string };

export interface TestWebhookReceiver {
  url: string;
  requests: WebhookRequest[];
  close(): Promise<void>;
}

/** Answers the nth request (0-based) with `answer(n, request)`. */
export async function startWebhookReceiver(
  answer: (n: number, request: WebhookRequest) => ReceiverAnswer,
): Promise<TestWebhookReceiver> {
  const requests: WebhookRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const n = requests.length;
      const request = { url: req.url ?? '', headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      const reply = answer(n, request);
      if (reply === 'hang') return;
      const { status, body } = typeof reply === 'number' ? { status: reply, body: null } : reply;
      res
        .writeHead(status, { 'Content-Type': 'application/json' })
        .end(body ?? JSON.stringify({ received: status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: bound, read, released. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** How long a receiver accepts a signed timestamp, as the README's snippet does. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The README's receiver check, written out: parse `t=...,v1=...`, recompute the HMAC-SHA256 of "<t>.<raw body>"
 * under the secret, compare in constant time, and refuse a timestamp off by more than the tolerance.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowMs: number,
): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const [, t, v1] = match as unknown as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const fresh = Math.abs(nowMs / 1000 - Number(t)) <= SIGNATURE_TOLERANCE_SECONDS;
  return fresh && timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}

/** The one header value of a request, asserting it was sent once. */
export function header(request: WebhookRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  assert.equal(typeof value, 'string', `header ${name}`);
  return value as string;
}
