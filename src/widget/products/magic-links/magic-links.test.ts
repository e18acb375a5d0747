/// <reference types="mocha" />
// The magic-link product's statechart, run by the root as it is in the widget: a real client against the real service.
import { expect } from 'chai';
import { waitFor } from 'xstate';
import type { RootEmitted } from '../../machine/types.ts';
import { devInbox, uniqueEmail } from '../../../../test/support/env.ts';
import { productOf, rootFixture, screenOf, waitForProduct } from '../../../../test/support/machine.ts';

describe('magic-link product statechart', () => {
  const fixture = rootFixture();

  it(
    'Main → sending (Main, busy) → sent (Email Confirmation) → Main anew on TRY_AGAIN, with ' +
      'the link in the dev inbox',
    async () => {
      const a = fixture.start();
      const emitted: RootEmitted[] = [];
      a.on('*', (e) => emitted.push(e));
      const email = uniqueEmail();
      a.send({ type: 'EMAIL_CHANGED', email: `  ${email} ` });
      a.send({ type: 'SUBMIT_EMAIL' });
      expect(screenOf(a)).to.equal('Main');
      expect(a.getSnapshot().matches({ main: 'idle' })).to.equal(false);

      const confirmed = await waitForProduct(a, 'sent');
      expect(screenOf(a)).to.equal('EmailConfirmation');
      expect(confirmed.context.email).to.equal(email);
      expect((await devInbox(email)).length).to.equal(1);
      expect(fixture.logged.find((l) => l.name === 'email_sent')?.details).to.deep.equal({
        email,
        type: 'login_or_create_eml',
      });
      expect(emitted).to.have.length(1);
      expect(emitted[0]!.type).to.equal('widget.event');
      expect(emitted[0]!.type === 'widget.event' && emitted[0]!.detail.type).to.equal('MAGIC_LINK_LOGIN_OR_CREATE');

      productOf(a)!.send({ type: 'TRY_AGAIN' });
      expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
      expect(productOf(a)).to.equal(undefined);
      expect(fixture.logged.find((l) => l.name === 'email_try_again_clicked')?.details).to.deep.equal({
        email,
        type: 'login_or_create_eml',
      });
      expect(fixture.logged.filter((l) => l.name === 'render_login_screen')).to.have.length(2);
    },
  );

  it('BACK from Email Confirmation returns to Main', async () => {
    const a = fixture.start();
    a.send({ type: 'EMAIL_CHANGED', email: uniqueEmail() });
    a.send({ type: 'SUBMIT_EMAIL' });
    await waitForProduct(a, 'sent');
    productOf(a)!.send({ type: 'BACK' });
    expect(screenOf(a)).to.equal('Main');
    expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
  });

  it('puts a service error on main with the error_type and the service message, and emits it once', async () => {
    // A redirect URL outside the service's allowlist: invalid_redirect_url, which has no catalogue message.
    const a = fixture.start({ emailMagicLinksOptions: { loginRedirectURL: 'https://elsewhere.example/' } });
    const errors: RootEmitted[] = [];
    a.on('widget.error', (e) => errors.push(e));
    a.send({ type: 'EMAIL_CHANGED', email: uniqueEmail() });
    a.send({ type: 'SUBMIT_EMAIL' });
    const back = await waitFor(a, (s) => s.matches({ main: 'idle' }) && s.context.errorDescriptor !== null, {
      timeout: 10_000,
    });
    const descriptor = back.context.errorDescriptor!;
    expect(descriptor.errorType).to.equal('invalid_redirect_url');
    expect(descriptor.messageKey).to.equal(undefined);
    expect(descriptor.message).to.equal(
      "The redirect URL https://elsewhere.example/ is not in the project's list of allowed redirect URLs.",
    );
    expect(errors).to.deep.equal([
      { type: 'widget.error', detail: { message: descriptor.message, error_type: 'invalid_redirect_url' } },
    ]);
    // Main was not rendered anew for a failed step.
    expect(fixture.logged.filter((l) => l.name === 'render_login_screen')).to.have.length(1);
  });
});
