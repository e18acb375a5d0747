// The dev inbox: every message the service "sent", as a page and as JSON, newest first.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dataOf, inbox, post, startTestService, uniqueEmail, type TestService } from './support.ts';

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

describe('dev inbox', () => {
  const first = uniqueEmail('first');
  const second = uniqueEmail('second');

  before(async () => {
    await dataOf(await post(t, '/magic_links/email/login_or_create', { email: first }));
    await dataOf(await post(t, '/magic_links/email/login_or_create', { email: second }));
    await dataOf(await post(t, '/magic_links/email/login_or_create', { email: first }));
  });

  it('lists messages as JSON, newest first, with every field', async () => {
    const messages = await inbox(t);
    assert.deepEqual(
      messages.slice(0, 3).map((m) => [m.to, m.subject]),
      [
        [first, 'Your Westlight University login link'],
        [second, 'Your Westlight University sign-up link'],
        [first, 'Your Westlight University sign-up link'],
      ],
    );
    const [newest] = messages;
    assert.ok(newest);
    assert.deepEqual(Object.keys(newest).sort(), [
      'channel',
      'created_at',
      'from',
      'html',
      'links',
      'message_id',
      'subject',
      'text',
      'to',
    ]);
    assert.match(newest.message_id, /^message-test-/);
    assert.ok(!Number.isNaN(Date.parse(newest.created_at)));
  });

  it('filters by ?to= (without case)', async () => {
    const messages = await inbox(t, first.toUpperCase());
    assert.equal(messages.length, 2);
    assert.ok(messages.every((m) => m.to === first));
  });

  it(
    'renders an HTML page, newest first, with channel, recipient, subject, time, text and ' + 'clickable links',
    async () => {
      const res = await t.service.app.request('/dev/inbox');
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      const html = await res.text();
      assert.match(html, /<html lang="en">/);
      assert.match(html, /<h1>Dev inbox<\/h1>/);
      const [newest] = await inbox(t);
      assert.ok(newest);
      const positions = [first, second].map((address) => html.indexOf(`<dd>${address}</dd>`));
      assert.ok(positions.every((p) => p > 0) && (positions[0] ?? 0) < (positions[1] ?? 0), 'newest first');
      assert.ok(html.includes(`<a href="${newest.links[0]?.replaceAll('&', '&amp;')}">`), 'the link is clickable');
      assert.ok(html.includes('<dt>Channel</dt><dd>email</dd>'));
      assert.ok(html.includes(`<time datetime="${newest.created_at}">`));
      assert.ok(html.includes('Use this link to log in to Westlight University.'));
    },
  );

  it('escapes what it shows', async () => {
    const res = await t.service.app.request('/dev/inbox?to=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    const html = await res.text();
    assert.ok(!html.includes('<script>alert(1)</script>'));
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  });
});
