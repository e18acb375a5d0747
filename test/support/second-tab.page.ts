// A second page of the test origin (loaded in an iframe): its own document, window and copy of the client, sharing
// cookies and localStorage with the test page like another tab would. The test drives it through `window.tab`.
import { createAuthClient, type AuthClient } from '../../src/client/index.ts';
import type { Session } from '../../src/api/index.ts';
import type { TestEnv } from './env.ts';

const env = (window.parent as unknown as { __AUTH_TEST__: TestEnv }).__AUTH_TEST__;
const client: AuthClient = createAuthClient({ publicToken: env.publicToken, baseUrl: env.baseUrl });
const seen: (string | null)[] = [];
client.session.onChange((s: Session | null) => seen.push(s?.session_id ?? null));

export interface SecondTab {
  client: AuthClient;
  /** Every session id (or null) this page's client was told about, in order. */
  seen: (string | null)[];
}
(window as unknown as { tab: SecondTab }).tab = { client, seen };
