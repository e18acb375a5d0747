// Social sign-in (with Google One Tap): the record Main and the root know; the machines, the social block and the
// strings are the lazy chunk (chunk.ts). The provider's redirect back (`?stytch_token_type=oauth&token=…`) opens the
// product, which signs in with the token; One Tap runs while Main shows.
import { TOKEN_TYPES } from '../../../api/index.ts';
import { SOCIAL_BUTTON_GAP_PX } from '../../ui/constants.ts';
import { v } from '../../theme/theme.ts';
import type { ProductRecord } from '../types.ts';
import { oauthProviders } from './config.ts';

export const oauth: ProductRecord = {
  name: 'oauth',
  enabled: (config) => oauthProviders(config).length > 0,
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  shellBlock: () => import('./shell-block.ts'),
  // The buttons' height is kept free while their chunk loads, so the form below does not jump when they appear.
  mainBlockHeight: (config) => {
    const count = oauthProviders(config).length;
    return count ? `calc(${count} * ${v('buttonHeight')} + ${(count - 1) * SOCIAL_BUTTON_GAP_PX}px)` : null;
  },
  urlToken: { type: TOKEN_TYPES.oauth, use: 'authenticate' },
  // One Tap keeps its state through a social sign-in started from Main (its redirect, a page restored as it was).
  runsOnMain: { throughOwnFlow: true },
};
