/// <reference types="mocha" />
// otps.* of the headless client against the real service: each call round-trips, the schema checks throw before
// anything is sent, and `send` picks send/primary without a session and send/secondary with one.
import { expect } from 'chai';
import { APIError, SDKUsageError } from '../../src/client/index.ts';
import { latestOtpCode, uniqueEmail, uniquePhoneNumber } from '../support/env.ts';
import { freshClientState, makeClient, signIn } from '../support/client.ts';

const AREA = '212';
const phone = () => uniquePhoneNumber(AREA);

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error('expected the call to reject');
  return error;
}

describe('client one-time passcodes', () => {
  const fresh = freshClientState();

  it(
    'sms.loginOrCreate sends the number and options; authenticate(code, method_id) signs in ' +
      'and stores the session',
    async () => {
      const client = makeClient();
      const number = phone();
      const sent = await client.otps.sms.loginOrCreate(number, { expiration_minutes: 5 });
      expect(sent.method_id).to.match(/^phone-number-test-/);
      expect(sent.status_code).to.equal(200);
      const [request] = fresh.rec.to('/sdk/v1/otps/sms/login_or_create');
      expect(request!.method).to.equal('POST');
      expect(JSON.parse(request!.body!)).to.deep.equal({ expiration_minutes: 5, phone_number: number });

      const code = await latestOtpCode(number);
      const result = await client.otps.authenticate(code, sent.method_id, { session_duration_minutes: 45 });
      const [auth] = fresh.rec.to('/sdk/v1/otps/authenticate');
      expect(JSON.parse(auth!.body!)).to.deep.equal({
        token: code,
        method_id: sent.method_id,
        session_duration_minutes: 45,
      });
      expect(result.method_id).to.equal(sent.method_id);
      expect(result).to.not.have.property('__user');
      expect(result.user.phone_numbers).to.deep.equal([
        { phone_id: sent.method_id, phone_number: number, verified: true },
      ]);
      expect(client.session.getSync()?.session_id).to.equal(result.session.session_id);
      expect(client.user.getSync()?.user_id).to.equal(sent.user_id);
      expect(client.session.getTokens()?.session_token).to.equal(result.session_token);
      const factor = result.session.authentication_factors[0] as { delivery_method: string; type: string };
      expect([factor.type, factor.delivery_method]).to.deep.equal(['otp', 'sms']);
    },
  );

  it('whatsapp.loginOrCreate and email.loginOrCreate round-trip to their own paths', async () => {
    const client = makeClient();
    const number = phone();
    const byWhatsApp = await client.otps.whatsapp.loginOrCreate(number);
    expect(fresh.rec.to('/sdk/v1/otps/whatsapp/login_or_create')).to.have.length(1);
    const whatsapp = await client.otps.authenticate(await latestOtpCode(number), byWhatsApp.method_id, {
      session_duration_minutes: 30,
    });
    expect((whatsapp.session.authentication_factors[0] as { delivery_method: string }).delivery_method).to.equal(
      'whatsapp',
    );
    await client.session.revoke();

    const email = uniqueEmail();
    const byEmail = await client.otps.email.loginOrCreate(email, {
      expiration_minutes: 10,
      login_template_id: 'tpl',
      locale: 'en',
    });
    const [request] = fresh.rec.to('/sdk/v1/otps/email/login_or_create');
    expect(JSON.parse(request!.body!)).to.deep.equal({
      expiration_minutes: 10,
      login_template_id: 'tpl',
      locale: 'en',
      email,
    });
    const result = await client.otps.authenticate(await latestOtpCode(email), byEmail.method_id, {
      session_duration_minutes: 30,
    });
    expect(result.user.emails).to.deep.equal([{ email_id: byEmail.method_id, email, verified: true }]);
  });

  it("checks types before sending: '<field> must be a …'", async () => {
    const client = makeClient();
    const cases: [() => Promise<unknown>, string][] = [
      [() => client.otps.sms.loginOrCreate(14155552671 as unknown as string), 'phone_number must be a string'],
      [() => client.otps.whatsapp.send(undefined as unknown as string), 'phone_number must be a string'],
      [() => client.otps.email.loginOrCreate({} as unknown as string), 'email must be a string'],
      [
        () => client.otps.authenticate(123456 as unknown as string, 'method', { session_duration_minutes: 30 }),
        'code must be a string',
      ],
      [
        () => client.otps.authenticate('123456', 7 as unknown as string, { session_duration_minutes: 30 }),
        'method_id must be a string',
      ],
      [
        () => client.otps.authenticate('123456', 'method', {} as { session_duration_minutes: number }),
        'session_duration_minutes must be a number',
      ],
      [
        () => client.otps.authenticate('123456', 'method', { session_duration_minutes: '30' as unknown as number }),
        'session_duration_minutes must be a number',
      ],
    ];
    for (const [call, message] of cases) {
      const error = await rejection(call());
      expect(error, message).to.be.instanceOf(SDKUsageError);
      expect(error.message).to.equal(message);
    }
    expect(fresh.rec.to('/otps/')).to.have.length(0, 'nothing was sent');

    // The options are the wire fields as they are (the spec checks only the fields above); the service checks them.
    const badOption = await rejection(
      client.otps.sms.loginOrCreate(phone(), { expiration_minutes: '5' as unknown as number }),
    );
    expect(badOption).to.be.instanceOf(APIError);
    expect((badOption as APIError).error_type).to.equal('invalid_request');
    expect((badOption as APIError).error_message).to.equal('expiration_minutes must be a number');
  });

  it(
    'send without a session uses send/primary: an existing number works, an unknown one is ' + 'phone_number_not_found',
    async () => {
      const client = makeClient();
      const number = phone();
      const unknown = await rejection(client.otps.sms.send(number));
      expect(unknown).to.be.instanceOf(APIError);
      expect((unknown as APIError).error_type).to.equal('phone_number_not_found');
      expect((unknown as APIError).status_code).to.equal(404);
      const created = await client.otps.sms.loginOrCreate(number);
      const again = await client.otps.sms.send(number, { expiration_minutes: 3 });
      expect(again.method_id).to.equal(created.method_id);
      expect(fresh.rec.to('/sdk/v1/otps/sms/send/primary')).to.have.length(2);
      expect(fresh.rec.to('/sdk/v1/otps/sms/send/secondary')).to.have.length(0);
      const email = uniqueEmail();
      await client.otps.email.loginOrCreate(email);
      await client.otps.email.send(email);
      expect(fresh.rec.to('/sdk/v1/otps/email/send/primary')).to.have.length(1);
    },
  );

  it(
    'send with a session uses send/secondary and adds the number to the signed-in user, in the ' + 'same session',
    async () => {
      const client = makeClient();
      const { response } = await signIn(client);
      const number = phone();
      const sent = await client.otps.whatsapp.send(number);
      expect(fresh.rec.to('/sdk/v1/otps/whatsapp/send/secondary')).to.have.length(1);
      expect(fresh.rec.to('/sdk/v1/otps/whatsapp/send/primary')).to.have.length(0);
      expect(sent.user_id).to.equal(response.user_id);
      const result = await client.otps.authenticate(await latestOtpCode(number), sent.method_id, {
        session_duration_minutes: 30,
      });
      expect(result.session.session_id).to.equal(response.session.session_id);
      expect(result.session.authentication_factors.map((f) => f.delivery_method)).to.deep.equal(['email', 'whatsapp']);
      expect(client.user.getSync()?.phone_numbers.map((p) => p.phone_number)).to.deep.equal([number]);

      const other = uniqueEmail();
      await client.otps.email.send(other);
      expect(fresh.rec.to('/sdk/v1/otps/email/send/secondary')).to.have.length(1);
    },
  );

  it('passes service errors through as APIError with the error_type: a wrong code, a malformed number', async () => {
    const client = makeClient();
    const number = phone();
    const sent = await client.otps.sms.loginOrCreate(number);
    const code = await latestOtpCode(number);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const error = await rejection(client.otps.authenticate(wrong, sent.method_id, { session_duration_minutes: 30 }));
    expect(error).to.be.instanceOf(APIError);
    expect((error as APIError).error_type).to.equal('otp_code_not_found');
    expect((error as APIError).status_code).to.equal(401);
    expect(client.session.getSync()).to.equal(null);

    const malformed = await rejection(client.otps.sms.loginOrCreate('415 555 2671'));
    expect((malformed as APIError).error_type).to.equal('invalid_phone_number');
    expect((malformed as APIError).error_message).to.equal(
      'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
    );
  });
});
