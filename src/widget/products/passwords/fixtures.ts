// How tools open passwords (ProductFixtures): the size bench's page, the accessibility gate's screens for a new
// account (a weak and a strong password, as the real strength check answers them) and for a login, and the cold
// page's journeys (an address being looked up, then its password asked; a reset link) and its seed.
import type { AuthLoginConfig } from '../../config.ts';
import type { ProductFixtures } from '../types.ts';

const EMAIL = 'ada.lovelace@westlight.edu';
const PASSWORDS: AuthLoginConfig = { products: ['passwords'] };

export const fixtures: ProductFixtures = {
  pages: [{ name: 'passwords', config: { products: ['passwords'] }, usable: 'input[type="email"]' }],
  accessibility: {
    config: { products: ['passwords', 'emailMagicLinks'] },
    params: { tab: 'email' },
    variants: async ({ client }) => [
      {
        email: EMAIL,
        userType: 'new',
        password: 'westlight1',
        strength: await client.passwords.strengthCheck({ email: EMAIL, password: 'westlight1' }),
      },
      {
        email: EMAIL,
        userType: 'new',
        password: 'Lighting-Desk-Cue-47!',
        strength: await client.passwords.strengthCheck({ email: EMAIL, password: 'Lighting-Desk-Cue-47!' }),
      },
      { email: EMAIL, userType: 'password', password: 'secret-password', strength: null },
    ],
  },
  coldPage: {
    journeys: {
      'passwords.searchingUser': { kind: 'email', config: PASSWORDS, hold: '/users/search' },
      'passwords.password.form.credentials': { kind: 'email', config: PASSWORDS },
      'passwords.password.form.resetForm': { kind: 'urlToken', config: PASSWORDS },
    },
    seed: {
      config: PASSWORDS,
      params: { tab: 'email' },
      context: ({ uniqueEmail }) => ({ email: uniqueEmail('cold-page-pw') }),
    },
  },
};
