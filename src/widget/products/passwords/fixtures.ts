// How tools open passwords (ProductFixtures): the size bench's page, and the accessibility gate's screens for a new
// account (a weak and a strong password, as the real strength check answers them) and for a login.
import type { ProductFixtures } from '../types.ts';

const EMAIL = 'ada.lovelace@westlight.edu';

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
};
