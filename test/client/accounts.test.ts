/// <reference types="mocha" />
import { expect } from 'chai';
import { type APIError, SDKUsageError } from '../../src/client/index.ts';
import { freshClientState, makeClient, readCookieValue, signIn } from '../support/client.ts';
import { uniqueEmail } from '../support/env.ts';
import {
  CONNECTED_APP_ID,
  TRUSTED_PROFILE,
  devPost,
  rejection,
  serviceNow,
  totpCode,
  trustedToken,
} from '../support/accounts.ts';

describe('client: users, sessions, impersonation, TOTP (every call against the real service)', () => {
  const fresh = freshClientState();

  it('user.update sends PUT /users/me and stores the returned __user', async () => {
    const client = makeClient();
    const { response } = await signIn(client);
    const result = await client.user.update({ untrusted_metadata: { theme: 'dark' }, name: { first_name: 'Ada' } });
    const [req] = fresh.rec.to('/sdk/v1/users/me');
    expect(req!.method).to.equal('PUT');
    expect(JSON.parse(req!.body!)).to.deep.equal({
      untrusted_metadata: { theme: 'dark' },
      name: { first_name: 'Ada' },
    });
    expect(result.user_id).to.equal(response.user_id);
    expect(result).to.not.have.property('__user');
    expect(client.user.getSync()!.untrusted_metadata).to.deep.equal({ theme: 'dark' });
    expect(client.user.getSync()!.name.first_name).to.equal('Ada');
  });

  it('user.deleteEmail and the other factor deletions send DELETE /users/<kind>/<id>', async () => {
    const client = makeClient();
    const { response } = await signIn(client);
    const emailId = response.user.emails[0]!.email_id;
    await client.user.deleteEmail(emailId);
    expect(fresh.rec.to(`/sdk/v1/users/emails/${emailId}`)[0]!.method).to.equal('DELETE');
    expect(fresh.rec.to(`/sdk/v1/users/emails/${emailId}`)[0]!.body).to.equal(null);
    expect(client.user.getSync()!.emails).to.deep.equal([]);
    // A passkey answers its own not-found type (as its rename does), the other factors the generic one.
    const calls: [() => Promise<unknown>, string, string][] = [
      [() => client.user.deletePhoneNumber('p1'), '/users/phone_numbers/p1', 'not_found'],
      [() => client.user.deleteTOTP('t1'), '/users/totps/t1', 'not_found'],
      [() => client.user.deleteCryptoWallet('c1'), '/users/crypto_wallets/c1', 'not_found'],
      [() => client.user.deleteOAuthRegistration('o1'), '/users/oauth/o1', 'not_found'],
      [
        () => client.user.deleteWebauthnRegistration('w1'),
        '/users/webauthn_registrations/w1',
        'webauthn_registration_not_found',
      ],
      [() => client.user.deleteBiometricRegistration('b1'), '/users/biometric_registrations/b1', 'not_found'],
    ];
    for (const [call, path, errorType] of calls) {
      const error = await rejection(call());
      expect((error as APIError).error_type, path).to.equal(errorType);
      expect(fresh.rec.to(path)).to.have.length(1);
    }
  });

  it('connected apps: list, exchange the app’s access token for a session, revoke', async () => {
    const client = makeClient();
    const { response } = await signIn(client);
    const { access_token } = await devPost<{ access_token: string }>('/dev/connected-app-grants', {
      user_id: response.user_id,
      client_id: CONNECTED_APP_ID,
      scopes: 'openid email',
    });
    const apps = await client.user.getConnectedApps();
    expect(apps.connected_apps.map((a) => [a.connected_app_id, a.scopes_granted])).to.deep.equal([
      [CONNECTED_APP_ID, 'openid email'],
    ]);

    const exchanged = await client.session.exchangeAccessToken({ access_token, session_duration_minutes: 30 });
    expect(exchanged.user_id).to.equal(response.user_id);
    expect(exchanged).to.not.have.property('__user');
    expect(readCookieValue('stytch_session')).to.equal(exchanged.session_token);

    await client.user.revokeConnectedApp(CONNECTED_APP_ID);
    const [revoke] = fresh.rec.to(`/sdk/v1/users/connected_apps/${CONNECTED_APP_ID}/revoke`);
    expect(revoke!.body).to.equal('');
    const error = await rejection(client.session.exchangeAccessToken({ access_token, session_duration_minutes: 30 }));
    expect((error as APIError).error_type).to.equal('access_token_not_found');
  });

  it('session.attest signs in with a trusted token and returns the response with __user', async () => {
    const client = makeClient();
    const email = uniqueEmail('attest');
    const token = await trustedToken({
      iss: TRUSTED_PROFILE.issuer,
      aud: TRUSTED_PROFILE.audience,
      exp: Math.floor((await serviceNow()) / 1000) + 60,
      email,
    });
    const result = await client.session.attest({ profile_id: TRUSTED_PROFILE.profileId, token });
    expect(result.__user!.emails[0]!.email).to.equal(email);
    expect(client.session.getSync()!.session_id).to.equal(result.session.session_id);
  });

  it('impersonation.authenticate signs in as the impersonated user, once per token', async () => {
    const client = makeClient();
    const { response } = await signIn(client);
    const { impersonation_token } = await devPost<{ impersonation_token: string }>('/dev/impersonation-tokens', {
      user_id: response.user_id,
    });
    const result = await client.impersonation.authenticate({ impersonation_token });
    expect(result.user_id).to.equal(response.user_id);
    expect(result.session.authentication_factors[0]!.delivery_method).to.equal('impersonation');
    const again = await rejection(client.impersonation.authenticate({ impersonation_token }));
    expect((again as APIError).error_type).to.equal('impersonation_token_not_found');
  });

  it(
    'totps: create, authenticate with the current code (once), recover with a recovery code, ' + 'new recovery codes',
    async () => {
      const client = makeClient();
      await signIn(client);
      const created = await client.totps.create({ expiration_minutes: 5 });
      expect(created.recovery_codes).to.have.length(10);
      expect(created).to.not.have.property('__user');
      const code = await totpCode(created.secret, await serviceNow());
      const authed = await client.totps.authenticate({ totp_code: code, session_duration_minutes: 30 });
      expect(authed.totp_id).to.equal(created.totp_id);
      expect(client.user.getSync()!.totps).to.deep.equal([{ totp_id: created.totp_id, verified: true }]);
      const reused = await rejection(client.totps.authenticate({ totp_code: code, session_duration_minutes: 30 }));
      expect((reused as APIError).error_type).to.equal('totp_code_already_authenticated');

      const recovered = await client.totps.recover({
        recovery_code: created.recovery_codes[0]!,
        session_duration_minutes: 30,
      });
      expect(recovered.totp_id).to.equal(created.totp_id);
      const codes = await client.totps.recoveryCodes();
      expect(codes.totps[0]!.recovery_codes).to.have.length(10);
      expect(fresh.rec.to('/sdk/v1/totps/recovery_codes')[0]!.body).to.equal('');
    },
  );

  it("checks each call's required fields before sending: '<field> must be a …'", async () => {
    const client = makeClient();
    const bad = <T>(v: unknown) => v as T;
    const cases: [() => Promise<unknown>, string][] = [
      [
        () => client.session.exchangeAccessToken(bad({ session_duration_minutes: 30 })),
        'access_token must be a string',
      ],
      [
        () => client.session.exchangeAccessToken(bad({ access_token: 'a' })),
        'session_duration_minutes must be a number',
      ],
      [() => client.session.attest(bad({ token: 't' })), 'profile_id must be a string'],
      [() => client.session.attest(bad({ profile_id: 'p', token: 1 })), 'token must be a string'],
      [() => client.impersonation.authenticate(bad({})), 'impersonation_token must be a string'],
      [() => client.totps.create(bad({})), 'expiration_minutes must be a number'],
      [
        () => client.totps.authenticate(bad({ totp_code: 123456, session_duration_minutes: 30 })),
        'totp_code must be a string',
      ],
      [() => client.totps.authenticate(bad({ totp_code: '123456' })), 'session_duration_minutes must be a number'],
      [() => client.totps.recover(bad({ session_duration_minutes: 30 })), 'recovery_code must be a string'],
      [
        () => client.totps.recover(bad({ recovery_code: 'x', session_duration_minutes: '30' })),
        'session_duration_minutes must be a number',
      ],
      [() => client.user.update(bad({ untrusted_metadata: 'dark' })), 'untrusted_metadata must be an object'],
      [() => client.user.update(bad({ untrusted_metadata: ['a'] })), 'untrusted_metadata must be an object'],
      [() => client.user.deleteEmail(bad(5)), 'id must be a string'],
      [() => client.user.revokeConnectedApp(bad(undefined)), 'connected_app_id must be a string'],
    ];
    for (const [call, message] of cases) {
      const error = await rejection(call());
      expect(error, message).to.be.instanceOf(SDKUsageError);
      expect(error.message).to.equal(message);
    }
    expect(
      fresh.rec.requests.filter((r) => r.path.includes('/sdk/v1/') && !r.path.includes('/bootstrap/')),
    ).to.have.length(0);
  });
});
