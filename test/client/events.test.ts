/// <reference types="mocha" />
import { expect } from 'chai';
import { createEventQueue } from '../../src/client/events.ts';
import { testEnv } from '../support/env.ts';
import { fakeClock, makeClient, freshClientState } from '../support/client.ts';
import { until } from '../support/poll.ts';

const EVENTS_PATH = '/sdk/v1/events';

describe('client telemetry events', () => {
  const fresh = freshClientState();

  const queueWithFakeClock = () => {
    const clock = fakeClock();
    const queue = createEventQueue({
      baseUrl: testEnv.baseUrl,
      publicToken: testEnv.publicToken,
      signedInIds: () => ({}),
      clock,
    });
    return { clock, queue };
  };

  it('sends 15 queued events at once as one JSON array with only a Content-Type header', () => {
    const { clock, queue } = queueWithFakeClock();
    try {
      for (let i = 0; i < 14; i++) queue.log('render_login_screen', { i });
      expect(fresh.rec.to(EVENTS_PATH)).to.have.length(0);
      expect(clock.pending().map((t) => t.ms)).to.deep.equal([800]);
      queue.log('email_sent', { i: 14 });
      const sent = fresh.rec.to(EVENTS_PATH);
      expect(sent).to.have.length(1);
      expect(clock.pending()).to.have.length(0);
      const req = sent[0]!;
      expect(req.method).to.equal('POST');
      expect(req.url).to.equal(`${testEnv.baseUrl}${EVENTS_PATH}`);
      expect([...req.headers.keys()]).to.deep.equal(['content-type']);
      expect(req.credentials).to.equal('same-origin');
      const items = JSON.parse(req.body!);
      expect(items).to.have.length(15);
      expect(items.map((x: { event: { details: { i: number } } }) => x.event.details.i)).to.deep.equal([
        ...Array(15).keys(),
      ]);
      expect(items[14].event).to.deep.equal({
        public_token: testEnv.publicToken,
        event_name: 'email_sent',
        details: { i: 14 },
      });
      expect(items[0].telemetry.event_id).to.match(/^event-id-/);
      expect(items[0].telemetry.sdk.version).to.equal('5.39.0');
    } finally {
      queue.destroy();
    }
  });

  it('reads each response to its end, so no request stays open holding one of the page connections', async () => {
    const { queue } = queueWithFakeClock();
    const since = performance.now();
    try {
      for (let i = 0; i < 15; i++) queue.log('render_login_screen', { i });
      // A resource timing entry is added once the response body has been received to its end.
      const entry = await until(
        () =>
          performance.getEntriesByType('resource').find((e) => e.name.endsWith(EVENTS_PATH) && e.startTime >= since),
        'the /events response read to its end',
      );
      expect((entry as PerformanceResourceTiming).responseEnd).to.be.greaterThan(0);
    } finally {
      queue.destroy();
    }
  });

  it('sends fewer events 800 ms after the first one is queued', () => {
    const { clock, queue } = queueWithFakeClock();
    try {
      queue.log('render_login_screen');
      queue.log('email_try_again_clicked', { attempt: 2 });
      expect(fresh.rec.to(EVENTS_PATH)).to.have.length(0);
      // Only one timer for the batch, started by the first event.
      expect(clock.pending().map((t) => t.ms)).to.deep.equal([800]);
      clock.fireNext();
      const sent = fresh.rec.to(EVENTS_PATH);
      expect(sent).to.have.length(1);
      expect(
        JSON.parse(sent[0]!.body!).map((x: { event: { event_name: string } }) => x.event.event_name),
      ).to.deep.equal(['render_login_screen', 'email_try_again_clicked']);
    } finally {
      queue.destroy();
    }
  });

  it('flushes when the page is hidden or left', () => {
    const { queue } = queueWithFakeClock();
    try {
      queue.log('render_login_screen');
      window.dispatchEvent(new Event('pagehide'));
      const sent = fresh.rec.to(EVENTS_PATH);
      expect(sent).to.have.length(1);
      expect(sent[0]!.keepalive).to.equal(true);
    } finally {
      queue.destroy();
    }
  });

  it('every client emits sdk_instance_instantiated once, in a batch after about 800 ms', async () => {
    const started = Date.now();
    const client = makeClient();
    client.events.log('render_login_screen', { screen: 'main' });
    expect(fresh.rec.to(EVENTS_PATH)).to.have.length(0);
    await until(() => fresh.rec.to(EVENTS_PATH).length === 1, 'events batch', 3000);
    expect(Date.now() - started).to.be.at.least(700);
    const items = JSON.parse(fresh.rec.to(EVENTS_PATH)[0]!.body!);
    expect(items.map((x: { event: { event_name: string } }) => x.event.event_name)).to.deep.equal([
      'sdk_instance_instantiated',
      'render_login_screen',
    ]);
    expect(fresh.rec.to(EVENTS_PATH)[0]!.headers.has('authorization')).to.equal(false);
    // The service's answer (even a 404) is ignored: nothing is thrown and no second request follows once it is in.
    await fresh.rec.to(EVENTS_PATH)[0]!.answered;
    expect(fresh.rec.to(EVENTS_PATH)).to.have.length(1);
  });
});
