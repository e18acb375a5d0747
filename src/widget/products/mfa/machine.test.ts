/// <reference types="mocha" />
// The organization MFA statechart, run by the root as it is in the widget: a member of an organization that requires
// MFA arrives from discovery (a real link, a real exchange), enrolls with TOTP (the code computed from the secret the
// service sent) or SMS (the code from the dev inbox), and later signs in with a recovery code, which works once.
import { registerOrganizationProducts } from '../registry.ts';
import { expect } from 'chai';
import type { AnyMachineSnapshot } from 'xstate';
import type { RootEmitted } from '../../machine/types.ts';
import { serviceNow, totpCode } from '../../../../test/support/accounts.ts';
import { latestOtpCode, uniquePhoneNumber } from '../../../../test/support/env.ts';
import { productOf, screenOf, waitForProduct, waitForScreen } from '../../../../test/support/machine.ts';
import {
  discoveryLinkToken,
  discoveryLinkUrl,
  makeOrganization,
  memberEmail,
  ORGANIZATION_SIGN_IN,
  organizationRootFixture,
  type TestOrganization,
} from '../../../../test/support/organizations.ts';
import type { RootActor } from '../../../../test/support/machine.ts';
import { until } from '../../../../test/support/poll.ts';
import { organizationClient } from '../organizations.ts';

// The organization products register on demand (the element does it for an organization sign-in).
await registerOrganizationProducts();

const AREA = '628';

describe('organization MFA statechart', () => {
  const fixture = organizationRootFixture();
  let emitted: RootEmitted[];

  /** The member proves `email` by a discovery link and picks the organization: the MFA screens take over. */
  async function arriveAtMfa(organization: TestOrganization, email: string): Promise<RootActor> {
    const a = fixture.start(ORGANIZATION_SIGN_IN, { url: discoveryLinkUrl(await discoveryLinkToken(email)) });
    emitted = [];
    a.on('*', (e) => emitted.push(e));
    await waitForProduct(a, 'organizations');
    productOf(a)!.send({ type: 'CHOOSE', organizationId: organization.id });
    await until(() => a.getSnapshot().context.active?.product === 'mfa' && productOf(a), 'the MFA screens');
    return a;
  }

  const eventTypes = () => emitted.flatMap((e) => (e.type === 'widget.event' ? [e.detail.type] : []));

  it(
    'TOTP enrollment: MFA enrollment offers both factors; the QR code and secret, the first code, the recovery ' +
      'codes once, Done; then a recovery code signs in once and is refused the second time',
    async () => {
      const organization = await makeOrganization({ mfaPolicy: 'REQUIRED_FOR_ALL' });
      const email = memberEmail(organization, 'totp');
      let a = await arriveAtMfa(organization, email);
      await waitForScreen(a, 'MFAEnrollment');
      const choosing = productOf(a)!.getSnapshot() as AnyMachineSnapshot;
      expect(choosing.context.plan).to.deep.equal({
        enrolled: [],
        allowed: ['totp', 'smsOtp'],
        entry: null,
        enrollable: ['totp', 'smsOtp'],
        smsSent: false,
      });

      productOf(a)!.send({ type: 'CHOOSE', method: 'totp' });
      expect(screenOf(a)).to.equal('TOTP');
      const enrolling = await waitForProduct(a, { totpEnroll: { code: 'entering' } });
      const { secret, qr_code: qr, recovery_codes: codes } = enrolling.context.totp;
      expect(secret).to.match(/^[A-Z2-7]+$/);
      expect(qr).to.match(/^data:image\/png;base64,/);
      expect(codes).to.have.length.greaterThan(0);

      productOf(a)!.send({ type: 'CODE_CHANGED', code: await totpCode(secret, await serviceNow()) });
      await waitForScreen(a, 'RecoveryCodes');
      expect(organizationClient(fixture.client).session.getSync()?.organization_id).to.equal(organization.id);
      productOf(a)!.send({ type: 'DONE' });
      expect(screenOf(a)).to.equal('Success');
      expect(eventTypes()).to.deep.equal([
        'B2B_MAGIC_LINK_DISCOVERY_AUTHENTICATE',
        'B2B_DISCOVERY_INTERMEDIATE_SESSION_EXCHANGE',
        'B2B_TOTP_CREATE',
        'B2B_TOTP_AUTHENTICATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]);

      // Signed out, the member comes back: the enrolled factor is asked for, and a recovery code may stand in.
      for (const attempt of ['first', 'second'] as const) {
        await organizationClient(fixture.client).session.revoke();
        a.stop();
        a = await arriveAtMfa(organization, email);
        await waitForProduct(a, { totpEntry: 'entering' });
        expect(screenOf(a)).to.equal('TOTP');
        productOf(a)!.send({ type: 'USE_RECOVERY_CODE' });
        expect(screenOf(a)).to.equal('RecoveryCodes');
        productOf(a)!.send({ type: 'RECOVERY_CODE_CHANGED', recoveryCode: ` ${codes[0]} ` });
        productOf(a)!.send({ type: 'SUBMIT_RECOVERY_CODE' });
        expect(productOf(a)!.getSnapshot().value).to.equal('recovering');
        if (attempt === 'first') {
          await waitForScreen(a, 'Success');
          expect(eventTypes()).to.include('B2B_RECOVERY_CODES_RECOVER');
        } else {
          const refused = await waitForProduct(a, 'recoveryEntry');
          expect(refused.context.errorDescriptor.errorType).to.be.a('string');
          expect(organizationClient(fixture.client).session.getSync()).to.equal(null);
        }
      }
    },
  );

  it('SMS enrollment: a number the phone library refuses is said; a valid one gets the code', async () => {
    const organization = await makeOrganization({ mfaPolicy: 'REQUIRED_FOR_ALL' });
    const a = await arriveAtMfa(organization, memberEmail(organization, 'sms'));
    await waitForScreen(a, 'MFAEnrollment');
    productOf(a)!.send({ type: 'CHOOSE', method: 'smsOtp' });
    expect(screenOf(a)).to.equal('SMSOTP');

    productOf(a)!.send({ type: 'PHONE_CHANGED', phone: '628 555' });
    productOf(a)!.send({ type: 'SUBMIT_PHONE' });
    const refused = await waitForProduct(a, 'smsPhone');
    expect(refused.context.errorDescriptor).to.deep.equal({ messageKey: 'validation.phoneInvalid' });

    const number = uniquePhoneNumber(AREA);
    productOf(a)!.send({ type: 'PHONE_CHANGED', phone: number.slice(2) });
    productOf(a)!.send({ type: 'SUBMIT_PHONE' });
    const entering = await waitForProduct(a, { smsCode: { code: 'entering', display: 'formatted' } });
    expect(entering.context.destination).to.equal(number);
    expect(entering.context.displayDestination).to.equal(
      `+1 ${number.slice(2, 5)} ${number.slice(5, 8)} ${number.slice(8)}`,
    );
    const [send] = fixture.rec.to('/sdk/v1/b2b/otps/sms/send');
    expect(JSON.parse(send!.body!)).to.deep.include({ mfa_phone_number: number, organization_id: organization.id });

    const code = await latestOtpCode(number);
    const wrongCode = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
    productOf(a)!.send({ type: 'CODE_CHANGED', code: wrongCode });
    const wrong = await waitForProduct(a, { smsCode: { code: 'entering' } });
    expect(wrong.context.code).to.equal('');
    expect(wrong.context.errorDescriptor.errorType).to.be.a('string');

    productOf(a)!.send({ type: 'CODE_CHANGED', code });
    await waitForScreen(a, 'Success');
    expect(organizationClient(fixture.client).session.getSync()?.organization_id).to.equal(organization.id);
  });

  it('BACK from an enrollment returns to the factors offered, and from there to Main anew', async () => {
    const organization = await makeOrganization({ mfaPolicy: 'REQUIRED_FOR_ALL' });
    const a = await arriveAtMfa(organization, memberEmail(organization, 'back'));
    await waitForScreen(a, 'MFAEnrollment');
    productOf(a)!.send({ type: 'CHOOSE', method: 'smsOtp' });
    productOf(a)!.send({ type: 'BACK' });
    expect(screenOf(a)).to.equal('MFAEnrollment');
    productOf(a)!.send({ type: 'BACK' });
    expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
  });
});
