export interface UserName {
  first_name: string;
  middle_name: string;
  last_name: string;
}

export interface UserEmail {
  email_id: string;
  email: string;
  verified: boolean;
}

export interface UserPhoneNumber {
  phone_id: string;
  phone_number: string;
  verified: boolean;
}

export interface UserOAuthProvider {
  oauth_user_registration_id: string;
  provider_subject: string;
  provider_type: string;
  profile_picture_url: string;
  locale: string;
}

export interface WebAuthnRegistration {
  webauthn_registration_id: string;
  domain: string;
  user_agent: string;
  authenticator_type: string;
  verified: boolean;
  name: string;
}

export interface CryptoWallet {
  crypto_wallet_id: string;
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  verified: boolean;
}

export interface User {
  user_id: string;
  created_at: string;
  status: 'active' | 'pending';
  name: UserName;
  emails: UserEmail[];
  phone_numbers: UserPhoneNumber[];
  providers: UserOAuthProvider[];
  webauthn_registrations: WebAuthnRegistration[];
  crypto_wallets: CryptoWallet[];
  totps: { totp_id: string; verified: boolean }[];
  biometric_registrations: { biometric_registration_id: string; verified: boolean }[];
  password: null | { password_id: string; requires_reset: boolean };
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
  roles: string[];
}
