/// <reference types="mocha" />
// The organization (B2B) client's second factors through the real service: an organization that requires MFA stops
// its member after the first factor with an intermediate session token; an authenticator app (TOTP, the code computed
// here from the returned secret) or an SMS passcode (read from the dev inbox) then gives the member session, and a
// recovery code stands in for the app once.
import { expect } from 'chai';
import { APIError } from '../../src/client/index.ts';
import { DEFAULT_IST_COOKIE, DEFAULT_SESSION_COOKIE } from '../../src/client/constants/sessions.ts';
import { serviceNow, totpCode } from '../support/accounts.ts';
import {
  b2bRequests,
  createOrganization,
  discover,
  founderAddress,
  freshB2BState,
  makeB2BClient,
} from '../support/b2b.ts';
import { readCookieValue } from '../support/client.ts';
import { latestOtpCode, uniquePhoneNumber } from '../support/env.ts';

const session = { session_duration_minutes: 60 };
/** This file's phone numbers: +1 917 555 XXXX (each test file keeps to its own area code). */
const AREA = '917';
const REQUIRED = { mfa_policy: 'REQUIRED_FOR_ALL' } as const;

describe('B2B client MFA journeys', () => {
  const fresh = freshB2BState();

  it(
    'TOTP: after the first factor only an intermediate token; create, the code from the secret, a session; ' +
      'a recovery code then works once',
    async () => {
      const client = makeB2BClient();
      const founder = founderAddress();
      const first = await createOrganization(client, founder, REQUIRED);
      expect(first.member_authenticated).to.equal(false);
      expect(first.member_session).to.equal(null);
      expect(first.mfa_required).to.deep.equal({ member_options: null, secondary_auth_initiated: null });
      expect(readCookieValue(DEFAULT_IST_COOKIE)).to.equal(first.intermediate_session_token);
      expect(readCookieValue(DEFAULT_SESSION_COOKIE)).to.equal(null);
      expect(client.session.getSync()).to.equal(null);

      const member = { organization_id: first.organization.organization_id, member_id: first.member_id };
      const app = await client.totp.create(member);
      expect(app.qr_code).to.match(/^data:image\/png;base64,/);
      expect(app.recovery_codes).to.have.length(10);
      expect(b2bRequests(fresh.rec.to('/b2b/totp'))[0]!.body).to.deep.equal({
        ...member,
        intermediate_session_token: first.intermediate_session_token,
      });
      // Creating the app finishes nothing: the intermediate token stays for the code.
      expect(readCookieValue(DEFAULT_IST_COOKIE)).to.equal(first.intermediate_session_token);

      const code = await totpCode(app.secret, await serviceNow());
      const done = await client.totp.authenticate({ ...member, code, set_mfa_enrollment: 'enroll', ...session });
      expect(done.member_authenticated).to.equal(true);
      expect(done.member.mfa_enrolled).to.equal(true);
      expect(done.member_session!.authentication_factors.map((f) => f.delivery_method)).to.deep.equal([
        'email',
        'authenticator_app',
      ]);
      expect(client.session.getSync()).to.deep.equal(done.member_session);
      expect(client.self.getSync()).to.deep.equal(done.member);
      expect(readCookieValue(DEFAULT_IST_COOKIE)).to.equal(null);
      expect(readCookieValue(DEFAULT_SESSION_COOKIE)).to.equal(done.session_token);
      expect((await client.recoveryCodes.get()).recovery_codes_remaining).to.equal(10);
      await client.session.revoke();

      // Back another day: the link, the organization, and the enrolled app asked for, answered by a recovery code.
      const recoveryCode = app.recovery_codes[0]!;
      await discover(client, founder);
      const asked = await client.discovery.intermediateSessions.exchange({
        organization_id: member.organization_id,
        ...session,
      });
      expect(asked.member_authenticated).to.equal(false);
      expect(asked.mfa_required?.member_options?.totp_registration_id).to.equal(app.totp_registration_id);
      const recovered = await client.recoveryCodes.recover({ ...member, recovery_code: recoveryCode, ...session });
      expect(recovered.recovery_codes_remaining).to.equal(9);
      expect(client.session.getSync()).to.deep.equal(recovered.member_session);
      await client.session.revoke();

      // The same code a second time is refused, and the intermediate token stays for another factor.
      await discover(client, founder);
      const again = await client.discovery.intermediateSessions.exchange({
        organization_id: member.organization_id,
        ...session,
      });
      const refused = await client.recoveryCodes
        .recover({ ...member, recovery_code: recoveryCode, ...session })
        .catch((e: unknown) => e);
      expect(refused).to.be.instanceOf(APIError);
      expect(client.session.getSync()).to.equal(null);
      expect(readCookieValue(DEFAULT_IST_COOKIE)).to.equal(again.intermediate_session_token);
    },
  );

  it('SMS: a passcode to the new number (from the dev inbox) enrolls the member and gives the session', async () => {
    const client = makeB2BClient();
    const first = await createOrganization(client, founderAddress(), REQUIRED);
    const member = { organization_id: first.organization.organization_id, member_id: first.member_id };
    const phone = uniquePhoneNumber(AREA);
    await client.otps.sms.send({ ...member, mfa_phone_number: phone });
    const [send] = b2bRequests(fresh.rec.to('/b2b/otps/sms/send'));
    expect(send!.body).to.deep.equal({
      ...member,
      mfa_phone_number: phone,
      intermediate_session_token: first.intermediate_session_token,
    });
    const done = await client.otps.sms.authenticate({
      ...member,
      code: await latestOtpCode(phone),
      set_mfa_enrollment: 'enroll',
      ...session,
    });
    expect(done.member_authenticated).to.equal(true);
    expect(done.member).to.deep.include({
      mfa_enrolled: true,
      mfa_phone_number: phone,
      mfa_phone_number_verified: true,
    });
    expect(client.session.getSync()).to.deep.equal(done.member_session);
    expect(readCookieValue(DEFAULT_IST_COOKIE)).to.equal(null);
  });
});
