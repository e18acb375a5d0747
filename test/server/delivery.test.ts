// Real delivery: mail through a real SMTP server started here, SMS and WhatsApp through a real local HTTP
// receiver that checks the documented body and signature; failures leave nothing behind; the dev inbox only in dev
// mode, purged after a day.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createService } from '../../src/server/app.ts';
import { MAGIC_LINK_SEND_LIMIT } from '../../src/server/constants/magic-links.ts';
import { OTP_SEND_LIMIT } from '../../src/server/constants/passcodes.ts';
import { SMS_WEBHOOK_ATTEMPTS, SMS_WEBHOOK_SECRET_MIN_LENGTH } from '../../src/server/delivery/constants.ts';
import { DEV_INBOX_RETENTION_MS } from '../../src/server/dev/constants.ts';
import { escapeHtml } from '../../src/server/views/escape.ts';
import {
  addressesOf,
  closedPort,
  header,
  startSmtpServer,
  startWebhookReceiver,
  verifyWebhookSignature,
  type ReceiverAnswer,
  type TestSmtpServer,
  type TestWebhookReceiver,
  type WebhookRequest,
} from './delivery-servers.ts';
import {
  dataOf,
  expectError,
  inbox,
  PORTAL_URL,
  post,
  startTestService,
  uniqueEmail,
  uniquePhone,
  type TestService,
} from './support.ts';

const SECRET = 'whsec-test-0123456789abcdef0123456789abcdef';
const SENDER = 'login@westlight.edu';
const FAILED = 'message_delivery_failed';
const EMAIL_FAILED = 'The email could not be sent. Check the address and try again in a moment.';
const SMS_FAILED = 'The text message could not be sent. Check the number and try again in a moment.';

/** Every table a send path writes to; a failed send must leave each one as it was. */
const TABLES = [
  'users',
  'user_emails',
  'user_phone_numbers',
  'magic_links',
  'otp_codes',
  'password_resets',
  'dev_messages',
] as const;
type Counts = Record<(typeof TABLES)[number], number>;

async function rowCounts(t: TestService): Promise<Counts> {
  const counts = {} as Counts;
  for (const table of TABLES) {
    const [row] = await t.service.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table] = row!.n;
  }
  return counts;
}

function sendMagicLink(t: TestService, email: string): Promise<Response> {
  return post(t, '/magic_links/email/login_or_create', {
    email,
    login_magic_link_url: PORTAL_URL,
    signup_magic_link_url: PORTAL_URL,
  });
}

/** A fresh valid number per call: this file's own area code. */
const uniqueNumber = () => uniquePhone('628');

interface WebhookBody {
  channel: string;
  to: string;
  text: string;
  message_id: string;
  sent_at: string;
}

function bodyOf(request: WebhookRequest): WebhookBody {
  return JSON.parse(request.rawBody) as WebhookBody;
}

function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  assert.ok(match, `a six-digit code in ${JSON.stringify(text)}`);
  return match[1]!;
}

describe('production delivery (no dev inbox): SMTP and the SMS webhook', () => {
  let smtp: TestSmtpServer;
  let receiver: TestWebhookReceiver;
  let t: TestService;
  /** What the receiver answers the nth request of the current test with. */
  let script: (n: number) => ReceiverAnswer = () => 200;

  before(async () => {
    smtp = await startSmtpServer();
    receiver = await startWebhookReceiver((n) => script(n));
    t = await startTestService({
      devInbox: false,
      smtp: { url: smtp.url, from: SENDER },
      // Small waits so the retry tests stay fast; the production defaults are the SMS_WEBHOOK_* constants.
      smsWebhook: { url: receiver.url, secret: SECRET, retryBaseDelayMs: 5, attemptTimeoutMs: 300 },
    });
  });
  after(async () => {
    await t.close();
    await smtp.close();
    await receiver.close();
  });
  beforeEach(() => {
    smtp.mails.length = 0;
    smtp.refuse.clear();
    receiver.requests.length = 0;
    script = () => 200;
  });

  it(
    'sends a magic link by SMTP: subject, from, to, the link in the text and HTML parts, and ' + 'it signs in',
    async () => {
      const email = uniqueEmail('smtp');
      const sent = await dataOf<{ user_id: string; user_created: boolean }>(await sendMagicLink(t, email));
      assert.equal(sent.user_created, true);

      assert.equal(smtp.mails.length, 1);
      const [mail] = smtp.mails;
      assert.equal(mail!.envelopeFrom, SENDER);
      assert.deepEqual(mail!.envelopeTo, [email]);
      assert.equal(mail!.parsed.subject, 'Your Westlight University sign-up link');
      assert.deepEqual(addressesOf(mail!.parsed.from), [SENDER]);
      assert.deepEqual(addressesOf(mail!.parsed.to), [email]);
      const link = /(http:\/\/localhost:5173\/student-portal\?\S+)/.exec(mail!.parsed.text ?? '')?.[1];
      assert.ok(link, 'the text part carries the link');
      assert.equal(typeof mail!.parsed.html, 'string');
      assert.ok((mail!.parsed.html as string).includes(`href="${escapeHtml(link)}"`), 'the HTML part links to it');

      const token = new URL(link).searchParams.get('token');
      const session = await dataOf<{ user_id: string }>(
        await post(t, '/magic_links/authenticate', { token, session_duration_minutes: 30 }),
      );
      assert.equal(session.user_id, sent.user_id);
      // Production keeps no copy of what it sent.
      assert.equal((await rowCounts(t)).dev_messages, 0);
    },
  );

  it('sends an email passcode by SMTP, the code in both parts, and the code signs in', async () => {
    const email = uniqueEmail('smtp-otp');
    const sent = await dataOf<{ method_id: string }>(await post(t, '/otps/email/login_or_create', { email }));
    assert.equal(smtp.mails.length, 1);
    const { parsed } = smtp.mails[0]!;
    assert.equal(parsed.subject, 'Your Westlight University sign-up code');
    const code = codeIn(parsed.text ?? '');
    assert.ok((parsed.html as string).includes(`>${code}</p>`), 'the HTML part shows the code');
    await dataOf(
      await post(t, '/otps/authenticate', { token: code, method_id: sent.method_id, session_duration_minutes: 30 }),
    );
  });

  it('sends a password reset link by SMTP', async () => {
    const email = uniqueEmail('smtp-reset');
    await dataOf(await sendMagicLink(t, email));
    smtp.mails.length = 0;
    await dataOf(await post(t, '/passwords/email/reset/start', { email, reset_password_redirect_url: PORTAL_URL }));
    assert.equal(smtp.mails.length, 1);
    const { parsed } = smtp.mails[0]!;
    assert.equal(parsed.subject, 'Reset your Westlight University password');
    assert.deepEqual(addressesOf(parsed.to), [email]);
    assert.match(parsed.text ?? '', /stytch_token_type=reset_password&token=[A-Za-z0-9_-]{43}/);
    assert.match(parsed.html as string, /stytch_token_type=reset_password&amp;token=[A-Za-z0-9_-]{43}/);
  });

  it(
    'a recipient the SMTP server refuses: 424 message_delivery_failed, and no user, address or ' + 'link is left',
    async () => {
      const email = uniqueEmail('refused');
      smtp.refuse.add(email);
      const before = await rowCounts(t);
      await expectError(await sendMagicLink(t, email), 424, FAILED, EMAIL_FAILED);
      await expectError(await post(t, '/otps/email/login_or_create', { email }), 424, FAILED, EMAIL_FAILED);
      assert.deepEqual(await rowCounts(t), before);
      assert.equal(smtp.mails.length, 0);
    },
  );

  it(
    'a reset email the server refuses leaves no reset token; the same address works again once ' + 'it accepts',
    async () => {
      const email = uniqueEmail('refused-reset');
      await dataOf(await sendMagicLink(t, email));
      smtp.refuse.add(email);
      const before = await rowCounts(t);
      const start = () => post(t, '/passwords/email/reset/start', { email, reset_password_redirect_url: PORTAL_URL });
      await expectError(await start(), 424, FAILED, EMAIL_FAILED);
      assert.deepEqual(await rowCounts(t), before);

      smtp.refuse.clear();
      await dataOf(await start());
      assert.equal((await rowCounts(t)).password_resets, before.password_resets + 1);
    },
  );

  it('sends an SMS passcode to the webhook: the documented body, a valid signature, the idempotency key', async () => {
    const phone = uniqueNumber();
    const sent = await dataOf<{ method_id: string; user_created: boolean }>(
      await post(t, '/otps/sms/login_or_create', { phone_number: phone }),
    );
    assert.equal(sent.user_created, true);
    assert.equal(receiver.requests.length, 1);
    const [request] = receiver.requests;
    const body = bodyOf(request!);
    assert.deepEqual(Object.keys(body).sort(), ['channel', 'message_id', 'sent_at', 'text', 'to']);
    assert.equal(body.channel, 'sms');
    assert.equal(body.to, phone);
    assert.match(body.text, /^Your Westlight University code is \d{6}\. It expires in 5 minutes\.$/);
    assert.match(body.message_id, /^message-test-[0-9a-f-]{36}$/);
    assert.equal(body.sent_at, new Date(Date.parse(body.sent_at)).toISOString());
    assert.equal(header(request!, 'Content-Type'), 'application/json');
    assert.equal(header(request!, 'Idempotency-Key'), body.message_id);
    assert.equal(verifyWebhookSignature(SECRET, header(request!, 'X-Signature'), request!.rawBody, t.now()), true);
    // The check really checks: another secret, or one changed byte of the body, fails it.
    assert.equal(
      verifyWebhookSignature(`${SECRET}x`, header(request!, 'X-Signature'), request!.rawBody, t.now()),
      false,
    );
    assert.equal(
      verifyWebhookSignature(
        SECRET,
        header(request!, 'X-Signature'),
        request!.rawBody.replace(phone, uniqueNumber()),
        t.now(),
      ),
      false,
    );

    await dataOf(
      await post(t, '/otps/authenticate', {
        token: codeIn(body.text),
        method_id: sent.method_id,
        session_duration_minutes: 30,
      }),
    );
  });

  it('sends a WhatsApp passcode through the same webhook with channel "whatsapp"', async () => {
    const phone = uniqueNumber();
    await dataOf(await post(t, '/otps/whatsapp/login_or_create', { phone_number: phone }));
    assert.equal(receiver.requests.length, 1);
    const body = bodyOf(receiver.requests[0]!);
    assert.equal(body.channel, 'whatsapp');
    assert.equal(body.to, phone);
  });

  it(
    'a 5xx is retried exactly once more per 5xx, with the same body and idempotency key, each ' + 'attempt signed',
    async () => {
      script = (n) => (n < 2 ? 503 : 200);
      const phone = uniqueNumber();
      await dataOf(await post(t, '/otps/sms/login_or_create', { phone_number: phone }));
      assert.equal(receiver.requests.length, 3);
      const [first, ...retries] = receiver.requests;
      for (const retry of retries) {
        assert.equal(retry.rawBody, first!.rawBody);
        assert.equal(header(retry, 'Idempotency-Key'), header(first!, 'Idempotency-Key'));
      }
      for (const request of receiver.requests) {
        assert.equal(verifyWebhookSignature(SECRET, header(request, 'X-Signature'), request.rawBody, t.now()), true);
      }
    },
  );

  it('a 4xx is final: one request, 424, and no user, number or code is left', async () => {
    script = () => 400;
    const before = await rowCounts(t);
    await expectError(
      await post(t, '/otps/sms/login_or_create', { phone_number: uniqueNumber() }),
      424,
      FAILED,
      SMS_FAILED,
    );
    assert.equal(receiver.requests.length, 1);
    assert.deepEqual(await rowCounts(t), before);
  });

  it(
    'a webhook that always answers 500 gets SMS_WEBHOOK_ATTEMPTS tries, then 424 with nothing ' + 'left behind',
    async () => {
      script = () => 500;
      const before = await rowCounts(t);
      await expectError(
        await post(t, '/otps/whatsapp/login_or_create', { phone_number: uniqueNumber() }),
        424,
        FAILED,
        'The WhatsApp message could not be sent. Check the number and try again in a moment.',
      );
      assert.equal(receiver.requests.length, SMS_WEBHOOK_ATTEMPTS);
      assert.deepEqual(await rowCounts(t), before);
    },
  );

  it('a webhook that never answers times out per attempt and is retried, then 424', async () => {
    script = () => 'hang';
    const before = await rowCounts(t);
    await expectError(
      await post(t, '/otps/sms/login_or_create', { phone_number: uniqueNumber() }),
      424,
      FAILED,
      SMS_FAILED,
    );
    assert.equal(receiver.requests.length, SMS_WEBHOOK_ATTEMPTS);
    assert.deepEqual(await rowCounts(t), before);
  });

  it('a failed code for a known number keeps the number and its older code usable', async () => {
    const phone = uniqueNumber();
    const sent = await dataOf<{ method_id: string }>(
      await post(t, '/otps/sms/login_or_create', { phone_number: phone }),
    );
    const code = codeIn(bodyOf(receiver.requests[0]!).text);
    script = () => 502;
    const before = await rowCounts(t);
    await expectError(await post(t, '/otps/sms/login_or_create', { phone_number: phone }), 424, FAILED, SMS_FAILED);
    assert.deepEqual(await rowCounts(t), before);
    // Sending again retires the older code only when the new one was delivered.
    await dataOf(
      await post(t, '/otps/authenticate', { token: code, method_id: sent.method_id, session_duration_minutes: 30 }),
    );
  });

  it(
    'parallel sends to one new address: the per-address limit holds, one user, one mail per ' + 'accepted send',
    async () => {
      const email = uniqueEmail('parallel');
      const before = await rowCounts(t);
      const responses = await Promise.all(
        Array.from({ length: 3 * MAGIC_LINK_SEND_LIMIT }, () => sendMagicLink(t, email)),
      );
      const statuses = responses.map((res) => res.status).sort();
      assert.deepEqual(statuses, [
        ...Array<number>(MAGIC_LINK_SEND_LIMIT).fill(200),
        ...Array<number>(2 * MAGIC_LINK_SEND_LIMIT).fill(429),
      ]);
      const users = new Set<string>();
      for (const res of responses) if (res.status === 200) users.add((await dataOf<{ user_id: string }>(res)).user_id);
      assert.equal(users.size, 1);
      assert.equal(smtp.mails.length, MAGIC_LINK_SEND_LIMIT);
      const after = await rowCounts(t);
      assert.equal(after.users, before.users + 1);
      assert.equal(after.user_emails, before.user_emails + 1);
      assert.equal(after.magic_links, before.magic_links + MAGIC_LINK_SEND_LIMIT);
    },
  );

  it('parallel sends to one new number while the webhook is down: the limit holds and nothing is left', async () => {
    script = () => 500;
    const phone = uniqueNumber();
    const before = await rowCounts(t);
    const responses = await Promise.all(
      Array.from({ length: 2 * OTP_SEND_LIMIT }, () => post(t, '/otps/sms/login_or_create', { phone_number: phone })),
    );
    assert.deepEqual(responses.map((res) => res.status).sort(), [
      ...Array<number>(OTP_SEND_LIMIT).fill(424),
      ...Array<number>(OTP_SEND_LIMIT).fill(429),
    ]);
    assert.equal(receiver.requests.length, OTP_SEND_LIMIT * SMS_WEBHOOK_ATTEMPTS);
    assert.deepEqual(await rowCounts(t), before);
  });
});

describe('delivery failures without a reachable transport', () => {
  it('an SMTP server that is not listening: 424, nothing left behind', async () => {
    const t = await startTestService({ devInbox: false, smtp: { url: `smtp://127.0.0.1:${await closedPort()}` } });
    try {
      const before = await rowCounts(t);
      await expectError(await sendMagicLink(t, uniqueEmail('closed')), 424, FAILED, EMAIL_FAILED);
      assert.deepEqual(await rowCounts(t), before);
    } finally {
      await t.close();
    }
  });

  it('no dev inbox and no transport for the channel: 424, never a silent success', async () => {
    const t = await startTestService({ devInbox: false });
    try {
      const before = await rowCounts(t);
      await expectError(await sendMagicLink(t, uniqueEmail('none')), 424, FAILED, EMAIL_FAILED);
      await expectError(
        await post(t, '/otps/sms/login_or_create', { phone_number: uniqueNumber() }),
        424,
        FAILED,
        SMS_FAILED,
      );
      assert.deepEqual(await rowCounts(t), before);
    } finally {
      await t.close();
    }
  });
});

describe('development mode', () => {
  it('with SMTP and the webhook configured, messages land in the dev inbox and are also sent for real', async () => {
    const smtp = await startSmtpServer();
    const receiver = await startWebhookReceiver(() => 200);
    const t = await startTestService({ smtp: { url: smtp.url }, smsWebhook: { url: receiver.url, secret: SECRET } });
    try {
      const email = uniqueEmail('dev-both');
      await dataOf(await sendMagicLink(t, email));
      const [message] = await inbox(t, email);
      assert.equal(message!.from, 'no-reply@westlight.localhost');
      assert.equal(smtp.mails.length, 1);
      assert.deepEqual(addressesOf(smtp.mails[0]!.parsed.from), ['no-reply@westlight.localhost']);
      assert.ok(smtp.mails[0]!.parsed.text?.includes(message!.links[0]!), 'the same link in both');

      const phone = uniqueNumber();
      await dataOf(await post(t, '/otps/sms/login_or_create', { phone_number: phone }));
      const [text] = await inbox(t, phone);
      assert.equal(receiver.requests.length, 1);
      const body = bodyOf(receiver.requests[0]!);
      assert.equal(body.text, text!.text);
      assert.equal(body.message_id, text!.message_id);
    } finally {
      await t.close();
      await smtp.close();
      await receiver.close();
    }
  });

  it('a failed real send in dev mode also rolls back its dev inbox row', async () => {
    const receiver = await startWebhookReceiver(() => 400);
    const t = await startTestService({ smsWebhook: { url: receiver.url, secret: SECRET } });
    try {
      const phone = uniqueNumber();
      const before = await rowCounts(t);
      await expectError(await post(t, '/otps/sms/login_or_create', { phone_number: phone }), 424, FAILED, SMS_FAILED);
      assert.deepEqual(await inbox(t, phone), []);
      assert.deepEqual(await rowCounts(t), before);
    } finally {
      await t.close();
      await receiver.close();
    }
  });

  it('dev inbox messages are purged a day after they were sent', async () => {
    const t = await startTestService();
    try {
      const early = uniqueEmail('early');
      await dataOf(await sendMagicLink(t, early));
      t.advance(DEV_INBOX_RETENTION_MS - 60_000);
      const late = uniqueEmail('late');
      await dataOf(await sendMagicLink(t, late));
      assert.equal((await inbox(t, early)).length, 1, 'still there just under a day later');

      t.advance(2 * 60_000);
      assert.deepEqual(await inbox(t, early), []);
      assert.equal((await inbox(t, late)).length, 1);
      assert.equal((await rowCounts(t)).dev_messages, 1, 'the row itself is deleted, not just hidden');

      // A send purges too, with no one reading the inbox.
      t.advance(DEV_INBOX_RETENTION_MS);
      await dataOf(await sendMagicLink(t, uniqueEmail('later')));
      assert.equal((await rowCounts(t)).dev_messages, 1);
    } finally {
      await t.close();
    }
  });

  it(
    'at start, a dev service deletes expired inbox rows and a service without the dev inbox ' + 'deletes them all',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-delivery-'));
      const database = { kind: 'pglite' as const, dataDir };
      const devMessages = async (t: TestService) =>
        (await t.service.db.query<{ n: number }>('select count(*)::int as n from dev_messages'))[0]!.n;
      try {
        const first = await startTestService({ database });
        await dataOf(await sendMagicLink(first, uniqueEmail('restart')));
        await dataOf(await sendMagicLink(first, uniqueEmail('restart')));
        await first.close();

        const dayLater = Date.now() + DEV_INBOX_RETENTION_MS + 60_000;
        const second = await startTestService({ database, now: () => dayLater });
        assert.equal(await devMessages(second), 0, 'the day-old rows are gone before any request');
        await dataOf(await sendMagicLink(second, uniqueEmail('restart')));
        assert.equal(await devMessages(second), 1);
        await second.close();

        const production = await startTestService({ database, devInbox: false, now: () => dayLater });
        assert.equal(await devMessages(production), 0, 'even the fresh row is gone');
        await production.close();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('delivery configuration', () => {
  it(
    'refuses an SMTP URL that is not smtp:// or smtps://, a short webhook secret, and a ' +
      'webhook URL not http(s) or with a login',
    async () => {
      await assert.rejects(createService({ smtp: { url: 'http://mail.example.com' } }), {
        message: 'The SMTP URL must look like smtp://host:port or smtps://user:password@host:465.',
      });
      await assert.rejects(
        createService({
          smsWebhook: { url: 'https://sms.example.com/hook', secret: 'x'.repeat(SMS_WEBHOOK_SECRET_MIN_LENGTH - 1) },
        }),
        {
          message:
            `The SMS webhook secret must be at least ` +
            `${SMS_WEBHOOK_SECRET_MIN_LENGTH} characters (e.g. openssl rand -hex 32).`,
        },
      );
      await assert.rejects(createService({ smsWebhook: { url: 'ftp://sms.example.com', secret: SECRET } }), {
        message: 'The SMS webhook URL must be an http(s) URL.',
      });
      await assert.rejects(
        createService({ smsWebhook: { url: 'https://user:pass@sms.example.com/hook', secret: SECRET } }),
        {
          message: 'The SMS webhook URL must not carry a user name or password; the request is signed instead.',
        },
      );
    },
  );
});
