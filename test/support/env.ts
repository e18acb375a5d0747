import { executeServerCommand } from '@web/test-runner-commands';
import type { InboxMessage } from '../../src/server/dev/inbox-store.ts';

/** What the test runner's config put on the page: the in-process identity service's URL and public token. */
export interface TestEnv {
  baseUrl: string;
  publicToken: string;
  /** The same service's organization (B2B) project: `/sdk/v1/b2b/...` takes only this token. */
  b2bPublicToken: string;
  pageOrigin: string;
  /** A second service with the dev captcha switched on. */
  captchaBaseUrl: string;
  /** Services with device fingerprinting on: OBSERVATION, and DECISIONING flagging every device (budget 0). */
  dfpObservationBaseUrl: string;
  dfpDecisioningBaseUrl: string;
  /** A service whose bootstrap says `vertical: 'B2B'`. */
  b2bBaseUrl: string;
  /** A second service whose password policy is LUDS (at least 10 characters of 3 kinds). */
  ludsBaseUrl: string;
  /**
   * A service whose bootstrap requires PKCE for OAuth and for SSO, names a CNAME domain and shows the watermark; and
   * requires Sign-In with Ethereum for crypto wallets.
   */
  settingsBaseUrl: string;
  settingsCnameDomain: string;
}

export const testEnv: TestEnv = (window as unknown as { __AUTH_TEST__: TestEnv }).__AUTH_TEST__;

export type { InboxMessage };

/** The dev inbox of the real service, newest first. */
export async function devInbox(to?: string): Promise<InboxMessage[]> {
  return (await executeServerCommand('dev-inbox', { to })) as InboxMessage[];
}

/** The newest magic-link token sent to an address, read from the dev inbox. */
export async function latestMagicLinkToken(to: string): Promise<string> {
  const [message] = await devInbox(to);
  if (!message) throw new Error(`no message for ${to} in the dev inbox`);
  const link = message.links.find((l) => l.includes('token='));
  if (!link) throw new Error(`no link with a token in the message to ${to}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error('empty token');
  return token;
}

/** Moves the identity service's clock forward (expiry tests). */
export async function advanceServiceClock(ms: number): Promise<void> {
  await executeServerCommand('advance-service-clock', { ms });
}

/** A fresh address per test so tests do not see each other's mail. */
export function uniqueEmail(prefix = 'student'): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** The newest passcode (six digits) sent to a phone number or address, read from the dev inbox. */
export async function latestOtpCode(to: string): Promise<string> {
  const [message] = await devInbox(to);
  if (!message) throw new Error(`no message for ${to} in the dev inbox`);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no passcode in "${message.text}"`);
  return code;
}

const usedPhoneNumbers = new Set<string>();
/**
 * A fresh valid phone number per call: +1 <areaCode> 555 XXXX. Each test file passes its own area code, so files that
 * share the one service never send to the same number.
 */
export function uniquePhoneNumber(areaCode = '415'): string {
  for (;;) {
    const number = `+1${areaCode}555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    if (!usedPhoneNumbers.has(number)) {
      usedPhoneNumbers.add(number);
      return number;
    }
  }
}

/** Replaces the password of the user with this address (test only: lets a breached password exist). */
export async function setPasswordHash(email: string, password: string): Promise<void> {
  await executeServerCommand('set-password-hash', { email, password });
}
