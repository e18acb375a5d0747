/// <reference types="mocha" />
// Google One Tap's statechart (the oauth product's Main machine) on XState's SimulatedClock, its prompt replaced by
// what Google's client would report, under a parent that records what it sends to the root.
import { expect } from 'chai';
import { createActor, createMachine, fromCallback, SimulatedClock, type AnyActorRef } from 'xstate';
import { createAuthClient } from '../../../client/index.ts';
import { resolveConfig } from '../../config.ts';
import type { OAuthProviderConfig } from './config.ts';
import { ONE_TAP_ERRORS, ONE_TAP_RESERVED_HEIGHT_PX, ONE_TAP_RESIZE_DEBOUNCE_MS } from './constants.ts';
import { createTranslator, type MessageKey } from '../../i18n/index.ts';
import { testEnv } from '../../../../test/support/env.ts';
import type { ProductToRootEvent } from '../types.ts';
import { oneTapMachine, type OneTapEvent, type OneTapPrompt } from './one-tap.ts';

/** The configs that place One Tap floating, embedded, or nowhere (desktop Chromium; see rules.test.ts). */
const PLACEMENT_CONFIGS = {
  floating: [['oauth'], { type: 'google', one_tap: true, position: 'floating' }],
  embedded: [['oauth'], { type: 'google', one_tap: true, position: 'forceLegacyEmbedded' }],
  off: [['oauth', 'emailMagicLinks'], { type: 'google', one_tap: true }],
} as const;

describe('One Tap statechart', () => {
  /** The One Tap machine as the root runs it, with its prompt replaced: `report` is what Google's client would say. */
  function start(placement: keyof typeof PLACEMENT_CONFIGS) {
    let sendBack: ((e: OneTapEvent) => void) | undefined;
    const machine = oneTapMachine.provide({
      actors: {
        promptOneTap: fromCallback<OneTapEvent, OneTapPrompt>(({ sendBack: s }) => {
          sendBack = s;
        }),
      },
    });
    const client = createAuthClient({ publicToken: testEnv.publicToken, baseUrl: testEnv.baseUrl });
    const [products, provider] = PLACEMENT_CONFIGS[placement];
    const config = resolveConfig({
      products: [...products],
      oauthOptions: { providers: [provider as OAuthProviderConfig] },
    });
    // A parent like the root: it records what the child sends up.
    const sent: ProductToRootEvent[] = [];
    const clock = new SimulatedClock();
    const parent = createActor(
      createMachine({
        invoke: { id: 'oneTap', src: machine, input: { client, config } },
        on: {
          WIDGET_ERROR: { actions: ({ event }) => void sent.push(event as ProductToRootEvent) },
          SHOW_ERROR: { actions: ({ event }) => void sent.push(event as ProductToRootEvent) },
        },
      }),
      { clock },
    );
    parent.start();
    const actor = parent.getSnapshot().children.oneTap as AnyActorRef;
    const reported = () => sent.flatMap((e) => (e.type === 'WIDGET_ERROR' ? [e.detail.error_type] : []));
    return {
      actor,
      clock,
      sent,
      reported,
      report: (e: OneTapEvent) => sendBack!(e),
      done: () => {
        parent.stop();
        client.destroy();
      },
    };
  }

  it('floating: pending → succeeded → cancelled (user_cancel, no error)', () => {
    const { actor, report, sent, done } = start('floating');
    expect(actor.getSnapshot().context.placement).to.equal('floating');
    expect(actor.getSnapshot().matches({ prompt: { active: 'pending' } })).to.equal(true);
    report({
      type: 'ONE_TAP_RESULT',
      result: { success: true, client: { googleClientId: 'dev', cancel: () => undefined } },
    });
    expect(actor.getSnapshot().matches({ prompt: { active: 'succeeded' } })).to.equal(true);
    report({ type: 'ONE_TAP_CANCELLED', reason: 'user_cancel' });
    expect(actor.getSnapshot().matches({ prompt: 'cancelled' })).to.equal(true);
    expect(actor.getSnapshot().context.error).to.equal('none');
    expect(sent).to.deep.equal([]);
    done();
  });

  it(
    'embedded: waits for its node, reserves 47 px, debounces the first two resizes by 100 ms, ' +
      'then follows at once',
    () => {
      const { actor, clock, report, done } = start('embedded');
      expect(actor.getSnapshot().context.placement).to.equal('embedded');
      expect(actor.getSnapshot().matches({ prompt: 'mounting' })).to.equal(true);
      expect(actor.getSnapshot().context.height).to.equal(ONE_TAP_RESERVED_HEIGHT_PX);
      actor.send({ type: 'ONE_TAP_MOUNTED' });
      expect(actor.getSnapshot().matches({ prompt: { active: 'pending' } })).to.equal(true);
      actor.send({ type: 'ONE_TAP_RESIZED', height: 120 });
      actor.send({ type: 'ONE_TAP_RESIZED', height: 180 });
      expect(actor.getSnapshot().context.height).to.equal(47, 'debounced');
      clock.increment(ONE_TAP_RESIZE_DEBOUNCE_MS - 1);
      expect(actor.getSnapshot().context.height).to.equal(47, 'still debounced just before 100 ms');
      clock.increment(1);
      expect(actor.getSnapshot().context.height).to.equal(180);
      actor.send({ type: 'ONE_TAP_RESIZED', height: 200 });
      expect(actor.getSnapshot().context.height).to.equal(200, 'later resizes apply at once');
      actor.send({ type: 'ONE_TAP_RESIZED', height: 0 });
      expect(actor.getSnapshot().context.height).to.equal(200, 'a 0 height keeps the current one');
      report({ type: 'ONE_TAP_RESULT', result: { success: false, reason: 'unregistered_origin' } });
      expect(actor.getSnapshot().matches({ prompt: 'cancelled' })).to.equal(true);
      expect(actor.getSnapshot().context.height).to.equal(47);
      expect(actor.getSnapshot().context.error).to.equal(ONE_TAP_ERRORS.originNotAllowedForClient);
      done();
    },
  );

  it('a cancel because the origin is unregistered sets the origin error; project errors set theirs', () => {
    const t = createTranslator();
    for (const [reason, error] of [
      ['unregistered_origin', ONE_TAP_ERRORS.originNotAllowedForClient],
      ['invalid_client', ONE_TAP_ERRORS.invalidClient],
      ['oauth_config_not_found', ONE_TAP_ERRORS.noConfiguredOAuthClient],
      ['no_login_redirect_urls_set', ONE_TAP_ERRORS.noLoginRedirectUrls],
      ['no_signup_redirect_urls_set', ONE_TAP_ERRORS.noSignupRedirectUrls],
      ['default_provider_not_allowed', ONE_TAP_ERRORS.defaultProviderNotAllowed],
      ['tap_outside', ONE_TAP_ERRORS.none],
    ] as const) {
      const { actor, report, reported, sent, done } = start('floating');
      report({ type: 'ONE_TAP_CANCELLED', reason });
      expect(actor.getSnapshot().context.error, reason).to.equal(error);
      expect(reported(), 'reported to the root').to.deep.equal(error === 'none' ? [] : [error]);
      // The root emits it as it comes: the developer-facing message with the page's host.
      if (error !== 'none') {
        expect(sent[0]).to.deep.equal({
          type: 'WIDGET_ERROR',
          detail: { message: t(`oneTap.error.${error}` as MessageKey, { host: location.host }), error_type: error },
        });
      }
      done();
    }
  });

  it("a credential the service refused goes to the root as Main's error, and the prompt is cancelled", () => {
    const { actor, report, sent, done } = start('floating');
    report({
      type: 'ONE_TAP_RESULT',
      result: { success: true, client: { googleClientId: 'dev', cancel: () => undefined } },
    });
    report({ type: 'ONE_TAP_FAILED', error: new Error('network down') });
    expect(actor.getSnapshot().matches({ prompt: 'cancelled' })).to.equal(true);
    expect(sent).to.have.length(1);
    expect(sent[0]?.type).to.equal('SHOW_ERROR');
    expect((sent[0] as Extract<ProductToRootEvent, { type: 'SHOW_ERROR' }>).error.message).to.equal('network down');
    done();
  });

  it('stays off without a placement', () => {
    const { actor, done } = start('off');
    expect(actor.getSnapshot().context.placement).to.equal(null);
    expect(actor.getSnapshot().matches({ prompt: 'off' })).to.equal(true);
    done();
  });
});
