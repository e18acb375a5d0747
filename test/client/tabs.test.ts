/// <reference types="mocha" />
import { expect } from 'chai';
import { freshClientState, makeClient, signIn } from '../support/client.ts';
import { until } from '../support/poll.ts';
import { openSecondTab } from '../support/second-tab.ts';

describe('client sessions across tabs (two pages of one browser context)', () => {
  freshClientState();

  it('a sign-in in this page appears in the other without reload, and a logout there signs this page out', async () => {
    const second = await openSecondTab();
    try {
      const client = makeClient();
      expect(second.tab.client.session.getSync()).to.equal(null);
      const { response } = await signIn(client);
      const id = response.session.session_id;
      await until(() => second.tab.client.session.getSync()?.session_id === id, 'the other tab to see the session');
      expect(second.tab.client.user.getSync()!.user_id).to.equal(response.user_id);
      expect(second.tab.seen).to.deep.equal([id]);

      // The other page logs out: its own client revokes on the service and clears shared storage and cookies.
      const changes: (string | null)[] = [];
      client.session.onChange((s) => changes.push(s?.session_id ?? null));
      await second.tab.client.session.revoke();
      await until(() => client.session.getSync() === null, 'this tab to see the logout');
      expect(changes).to.deep.equal([null]);
      expect(client.user.getSync()).to.equal(null);
      expect(second.tab.seen).to.deep.equal([id, null]);
    } finally {
      second.close();
    }
  });
});
