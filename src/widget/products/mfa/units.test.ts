/// <reference types="mocha" />
// The MFA screens' pure parts: which factor the member is asked for or may enroll (the hosted provider's organization
// UI's rules, methods.ts), and the config's `mfaProductOrder` / `mfaProductInclude` after defaults.
import { registerOrganizationProducts } from '../registry.ts';
import { expect } from 'chai';
import type { MemberAuthenticateResponse } from '../../../api/organizations.ts';
import { resolveConfig } from '../../config.ts';
import { mfaPlan } from './methods.ts';

// The organization products register on demand (the element does it for an organization sign-in).
await registerOrganizationProducts();

/** A first factor's answer with the member and organization fields the plan reads. */
function primary(
  member: Partial<MemberAuthenticateResponse['member']> = {},
  organization: Partial<MemberAuthenticateResponse['organization']> = {},
  secondaryAuthInitiated: 'sms_otp' | null = null,
): MemberAuthenticateResponse {
  return {
    member: {
      totp_registration_id: '',
      mfa_phone_number: '',
      mfa_phone_number_verified: false,
      default_mfa_method: '',
      ...member,
    },
    organization: { mfa_methods: 'ALL_ALLOWED', allowed_mfa_methods: [], ...organization },
    mfa_required: { member_options: null, secondary_auth_initiated: secondaryAuthInitiated },
  } as MemberAuthenticateResponse;
}

describe('MFA plan', () => {
  it('enrolled in nothing: enrollment in every factor, an authenticator app first', () => {
    expect(mfaPlan(primary(), undefined, undefined)).to.deep.equal({
      enrolled: [],
      allowed: ['totp', 'smsOtp'],
      entry: null,
      enrollable: ['totp', 'smsOtp'],
      smsSent: false,
    });
  });

  it("the config's order and inclusion, then the organization's restriction, which wins", () => {
    expect(mfaPlan(primary(), undefined, ['smsOtp', 'totp']).enrollable).to.deep.equal(['smsOtp', 'totp']);
    expect(mfaPlan(primary(), undefined, ['smsOtp']).enrollable).to.deep.equal(['smsOtp', 'totp']);
    expect(mfaPlan(primary(), ['smsOtp'], undefined).enrollable).to.deep.equal(['smsOtp']);
    const restricted = primary({}, { mfa_methods: 'RESTRICTED', allowed_mfa_methods: ['sms_otp'] });
    expect(mfaPlan(restricted, undefined, undefined)).to.deep.include({ allowed: ['smsOtp'], enrollable: ['smsOtp'] });
    expect(mfaPlan(restricted, ['totp'], undefined).enrollable).to.deep.equal([]);
  });

  it('an enrolled factor is asked for: the default one, else the first the organization allows', () => {
    const both = { totp_registration_id: 'member-totp-1', mfa_phone_number_verified: true };
    expect(mfaPlan(primary(both), undefined, undefined)).to.deep.include({
      enrolled: ['totp', 'smsOtp'],
      entry: 'totp',
    });
    expect(mfaPlan(primary({ ...both, default_mfa_method: 'sms_otp' }), undefined, undefined).entry).to.equal('smsOtp');
    const smsOnly = primary(both, { mfa_methods: 'RESTRICTED', allowed_mfa_methods: ['sms_otp'] });
    expect(mfaPlan(smsOnly, undefined, undefined).entry).to.equal('smsOtp');
    // Enrolled only in a factor the organization no longer allows: enrollment in one it does.
    const totpOnly = primary(
      { totp_registration_id: 'member-totp-1' },
      { mfa_methods: 'RESTRICTED', allowed_mfa_methods: ['sms_otp'] },
    );
    expect(mfaPlan(totpOnly, undefined, undefined)).to.deep.include({ entry: null, enrollable: ['smsOtp'] });
  });

  it('a passcode the first factor already sent: SMS OTP at once, even before the number is proven', () => {
    expect(mfaPlan(primary({ mfa_phone_number: '+14155552671' }), undefined, undefined).entry).to.equal(null);
    expect(mfaPlan(primary({ mfa_phone_number: '+14155552671' }, {}, 'sms_otp'), undefined, undefined)).to.deep.include(
      {
        entry: 'smsOtp',
        smsSent: true,
      },
    );
  });
});

describe('MFA config', () => {
  it("maps the hosted provider's names; a consumer config gains nothing", () => {
    const organization = resolveConfig({
      authFlowType: 'Discovery',
      products: ['emailMagicLinks'],
      mfaProductOrder: ['smsOtp', 'totp'],
      mfaProductInclude: ['smsOtp'],
    });
    expect(organization.mfa).to.deep.equal({ productOrder: ['smsOtp', 'totp'], productInclude: ['smsOtp'] });
    expect(organization.authFlowType).to.equal('Discovery');
    const consumer = resolveConfig({ products: ['emailMagicLinks'] });
    expect(consumer).to.not.have.any.keys('mfa', 'authFlowType', 'discovery', 'ssoOptions');
  });
});
