// The identity provider's lazy chunk: its machine, the consent and logout screens, and its strings.
import './strings.ts';
import { idpMachine, type IdpScreen } from './machine.ts';
import Consent from './screens/Consent.tsx';
import Denied from './screens/Denied.tsx';
import IdpError from './screens/IdpError.tsx';
import IdpLoading from './screens/IdpLoading.tsx';
import LogoutConsent from './screens/LogoutConsent.tsx';
import NotLoggedOut from './screens/NotLoggedOut.tsx';
import type { ProductModule } from '../types.ts';

export default {
  machine: idpMachine,
  screens: { Consent, Denied, IdpError, IdpLoading, LogoutConsent, NotLoggedOut },
} satisfies ProductModule<IdpScreen>;
