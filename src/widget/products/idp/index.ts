// The identity provider (consent and logout screens): the record the root knows; the machine, screens and strings
// are the lazy chunk (chunk.ts). It is never on Main: the element's `mode` or an authorize/logout link opens it.
import { IDENTITY_PROVIDER } from '../../constants.ts';
import { IDENTITY_PROVIDER_MODE } from './constants.ts';
import type { ProductRecord } from '../types.ts';
import { isIdpQuery } from './config.ts';

export const identityProvider: ProductRecord = {
  name: IDENTITY_PROVIDER,
  enabled: () => false,
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  opens: { mode: IDENTITY_PROVIDER_MODE, fromQuery: isIdpQuery, resumesAfterSignIn: true },
};
