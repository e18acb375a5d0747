/// <reference types="mocha" />
import { expect } from 'chai';
import { createEventQueue } from '../../src/client/events.ts';
import { MAX_EVENTS_PER_BATCH } from '../../src/api/telemetry.ts';
import { EVENTS_FLUSH_INTERVAL_MS } from '../../src/client/constants/telemetry.ts';
import { fakeClock, freshClientState } from '../support/client.ts';
import { testEnv } from '../support/env.ts';
import { devEvents } from '../support/accounts.ts';
import { until } from '../support/poll.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

describe('client telemetry reaches the service with the spec’s fields', () => {
  const fresh = freshClientState();

  it(
    'a batch flushed after 800 ms is stored by the service, each entry with every telemetry ' + 'and event field',
    async () => {
      expect([MAX_EVENTS_PER_BATCH, EVENTS_FLUSH_INTERVAL_MS]).to.deep.equal([15, 800]);
      const clock = fakeClock();
      const marker = crypto.randomUUID();
      const queue = createEventQueue({
        baseUrl: testEnv.baseUrl,
        publicToken: testEnv.publicToken,
        signedInIds: () => ({ userId: 'user-test-x', sessionId: 'session-test-y' }),
        clock,
      });
      try {
        queue.log('render_login_screen', { marker, n: 1 });
        queue.log('email_sent', { marker, n: 2 });
        expect(clock.pending().map((t) => t.ms)).to.deep.equal([EVENTS_FLUSH_INTERVAL_MS]);
        clock.fireNext();
        expect(fresh.rec.to('/sdk/v1/events')).to.have.length(1);
        // The request is in flight; poll the service's dev view until it has stored both entries.
        const stored = await until(async () => {
          const mine = (await devEvents()).filter(
            (e) => (e.details.event.details as { marker?: string }).marker === marker,
          );
          return mine.length >= 2 && mine;
        }, 'the service to store both entries');
        for (const entry of stored) {
          const t = entry.details.telemetry;
          expect(t.event_id).to.match(new RegExp(`^event-id-${UUID}$`));
          expect(t.app_session_id).to.match(new RegExp(`^app-session-id-${UUID}$`));
          expect(t.persistent_id).to.match(new RegExp(`^persistent-id-${UUID}$`));
          expect(new Date(t.client_sent_at as string).toISOString()).to.equal(t.client_sent_at);
          expect(t.timezone).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone);
          expect(t.app).to.deep.equal({ identifier: location.hostname });
          expect(t.sdk).to.deep.equal({ identifier: 'Stytch.js Javascript SDK', version: '5.39.0' });
          expect([t.stytch_user_id, t.stytch_session_id]).to.deep.equal(['user-test-x', 'session-test-y']);
          expect(entry.details.event.public_token).to.equal(testEnv.publicToken);
        }
        expect(stored.map((e) => e.name).sort()).to.deep.equal(['email_sent', 'render_login_screen']);
      } finally {
        queue.destroy();
      }
    },
  );
});
