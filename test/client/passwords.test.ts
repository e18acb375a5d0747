/// <reference types="mocha" />
// passwords.* and user.search of the headless client against the real service: each call round-trips with the wire
// fields, sign-ins land in the session store, and the required-field checks throw before anything is sent.
import { expect } from 'chai';
import { SDKUsageError } from '../../src/client/index.ts';
import { latestMagicLinkToken, testEnv, uniqueEmail } from '../support/env.ts';
import { freshClientState, makeClient } from '../support/client.ts';

const STRONG = 'correct horse battery staple';
const NEW = 'purple-elephant-on-a-bicycle';

async function usageError(call: () => Promise<unknown>): Promise<string> {
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).to.be.instanceOf(SDKUsageError);
  return (error as Error).message;
}

describe('client passwords', () => {
  const fresh = freshClientState();

  it('user.search, create, strengthCheck, authenticate: the wire bodies and the stored session', async () => {
    const client = makeClient();
    const email = uniqueEmail('pw');
    expect((await client.user.search(email)).userType).to.equal('new');
    expect(JSON.parse(fresh.rec.to('/sdk/v1/users/search')[0]!.body!)).to.deep.equal({ email });

    const strength = await client.passwords.strengthCheck({ email, password: 'monkey2024x' });
    expect(strength).to.include({
      valid_password: false,
      score: 2,
      breached_password: false,
      strength_policy: 'zxcvbn',
    });

    const created = await client.passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
    expect(created).to.not.have.property('__user');
    expect(created.email_id).to.match(/^email-test-/);
    expect(client.session.getSync()?.user_id).to.equal(created.user_id);
    expect((await client.user.search(email)).userType).to.equal('password');

    await client.session.revoke();
    expect(client.session.getSync()).to.equal(null);
    const again = await client.passwords.authenticate({ email, password: STRONG, session_duration_minutes: 30 });
    expect(JSON.parse(fresh.rec.to('/sdk/v1/passwords/authenticate')[0]!.body!)).to.deep.equal({
      email,
      password: STRONG,
      session_duration_minutes: 30,
    });
    expect(client.session.getSync()?.session_id).to.equal(again.session.session_id);
  });

  it(
    'resetByEmailStart sends the reset options (not login_expiration_minutes); resetByEmail ' +
      'signs in with the new password',
    async () => {
      const client = makeClient();
      const email = uniqueEmail('pw');
      await client.passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
      await client.session.revoke();
      const redirect = `${testEnv.pageOrigin}/student-portal`;
      await client.passwords.resetByEmailStart({
        email,
        reset_password_redirect_url: redirect,
        reset_password_expiration_minutes: 15,
        login_expiration_minutes: 10,
      } as Parameters<typeof client.passwords.resetByEmailStart>[0]);
      expect(JSON.parse(fresh.rec.to('/sdk/v1/passwords/email/reset/start')[0]!.body!)).to.deep.equal({
        email,
        reset_password_redirect_url: redirect,
        reset_password_expiration_minutes: 15,
      });
      const token = await latestMagicLinkToken(email);
      const result = await client.passwords.resetByEmail({ token, password: NEW, session_duration_minutes: 30 });
      expect(client.session.getSync()?.session_id).to.equal(result.session.session_id);
      await client.session.revoke();
      await client.passwords.authenticate({ email, password: NEW, session_duration_minutes: 30 });
    },
  );

  it('resetByExistingPassword and resetBySession', async () => {
    const client = makeClient();
    const email = uniqueEmail('pw');
    await client.passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
    await client.passwords.resetByExistingPassword({
      email,
      existing_password: STRONG,
      new_password: NEW,
      session_duration_minutes: 30,
    });
    const bySession = await client.passwords.resetBySession({ password: STRONG });
    expect(bySession.user_id).to.equal(client.session.getSync()?.user_id);
  });

  it('checks required fields before sending', async () => {
    const client = makeClient();
    const bad = <T>(value: unknown) => value as T;
    expect(
      await usageError(() =>
        client.passwords.create(bad({ email: 'a@b.co', password: 1, session_duration_minutes: 30 })),
      ),
    ).to.equal('password must be a string');
    expect(await usageError(() => client.passwords.authenticate(bad({ email: 'a@b.co', password: 'x' })))).to.equal(
      'session_duration_minutes must be a number',
    );
    expect(await usageError(() => client.passwords.strengthCheck(bad({ password: 'x', email: 5 })))).to.equal(
      'email must be a string',
    );
    expect(
      await usageError(() => client.passwords.resetByEmail(bad({ password: 'x', session_duration_minutes: 30 }))),
    ).to.equal('token must be a string');
    expect(
      await usageError(() =>
        client.passwords.resetByExistingPassword(
          bad({ email: 'a@b.co', existing_password: 'x', session_duration_minutes: 30 }),
        ),
      ),
    ).to.equal('new_password must be a string');
    expect(await usageError(() => client.passwords.resetBySession(bad({})))).to.equal('password must be a string');
    expect(await usageError(() => client.user.search(bad(undefined)))).to.equal('email must be a string');
    expect(fresh.rec.to('/passwords')).to.have.length(0);
    expect(fresh.rec.to('/users/search')).to.have.length(0);
  });
});
