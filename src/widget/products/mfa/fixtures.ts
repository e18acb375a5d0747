// How tools open the organization MFA screens (ProductFixtures): the accessibility gate's screens (enrolling, with a
// QR code, its secret and recovery codes; signing in with both factors enrolled), and the cold page's seed (no journey
// reaches MFA from a cold Main).
import type { MemberAuthenticateResponse } from '../../../api/organizations.ts';
import type { AuthLoginConfig } from '../../config.ts';
import type { SecondFactorStart } from '../organizations.ts';
import type { ProductFixtures } from '../types.ts';

const ORGANIZATION_SIGN_IN: AuthLoginConfig = { authFlowType: 'Discovery', products: ['emailMagicLinks'] };
const PHONE = '+14155552671';

/** A first factor that leaves MFA to do: a member of an organization that requires it, enrolled in nothing yet. */
const PRIMARY = {
  status_code: 200,
  request_id: 'request-id-test-3f9e2a10',
  member_id: 'member-test-6d1c0b7e',
  organization_id: 'organization-test-5c6e1d2a',
  member: {
    member_id: 'member-test-6d1c0b7e',
    organization_id: 'organization-test-5c6e1d2a',
    email_address: 'ada.lovelace@northwind-lighting.example',
    mfa_enrolled: false,
    mfa_phone_number: '',
    mfa_phone_number_verified: false,
    default_mfa_method: '',
    totp_registration_id: '',
  },
  organization: {
    organization_id: 'organization-test-5c6e1d2a',
    organization_name: 'Northwind Lighting',
    organization_slug: 'northwind-lighting',
    mfa_policy: 'REQUIRED_FOR_ALL',
    mfa_methods: 'ALL_ALLOWED',
    allowed_mfa_methods: [],
  },
  member_authenticated: false,
  member_session: null,
  session_token: '',
  session_jwt: '',
  intermediate_session_token: '',
  mfa_required: { member_options: null, secondary_auth_initiated: null },
  primary_required: null,
} as unknown as MemberAuthenticateResponse;

/** Setting up TOTP: its QR code (a 1-pixel stand-in image), its secret and its recovery codes. */
const ENROLLING = {
  enrolling: true,
  totp: {
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    qr_code:
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6k' +
      'gAAAABJRU5ErkJggg==',
    recovery_codes: ['ckss-qn4k-8h3v', 'x7tz-2mwr-5ja9', 'bq6e-9dnc-4ruf', 'hy3s-7pvk-m2ld'],
  },
  phone: { phone: '415 555 2671', country: 'US', callingCode: '1' },
};

/** Signing in: TOTP and a verified phone number enrolled, a code half typed. */
const SIGNING_IN = {
  enrolling: false,
  plan: { enrolled: ['totp', 'smsOtp'], allowed: ['totp', 'smsOtp'], entry: 'totp', enrollable: [], smsSent: false },
  code: '123',
  recoveryCode: 'ckss-qn4k-8h3v',
  destination: PHONE,
  displayDestination: '+1 415 555 2671',
};

export const fixtures: ProductFixtures = {
  // No page of its own: every organization sign-in page enables it (discovery's and single sign-on's are measured).
  pages: [],
  accessibility: {
    config: ORGANIZATION_SIGN_IN,
    params: { primary: PRIMARY } satisfies SecondFactorStart,
    variants: async () => [ENROLLING, SIGNING_IN],
  },
  coldPage: {
    seed: {
      config: ORGANIZATION_SIGN_IN,
      params: { primary: PRIMARY } satisfies SecondFactorStart,
      context: () => ENROLLING,
      states: {
        'mfa.totpEntry': () => SIGNING_IN,
        'mfa.recoveryEntry': () => SIGNING_IN,
        'mfa.recovering': () => SIGNING_IN,
        'mfa.smsCode': () => SIGNING_IN,
      },
    },
  },
};
