// The organization MFA screens' lazy chunk: its machine, its screens and its strings. The phone library loads only
// when SMS enrollment asks for a number (or a number is formatted), in its own chunk.
import './strings.ts';
// The service's error catalogue, for the errors its screens show.
import '../../i18n/en-errors.ts';
import { mfaMachine, type MfaScreen } from './machine.ts';
import MFAEnrollment from './screens/MFAEnrollment.tsx';
import RecoveryCodes from './screens/RecoveryCodes.tsx';
import SMSOTP from './screens/SMSOTP.tsx';
import TOTP from './screens/TOTP.tsx';
import type { ProductModule } from '../types.ts';

export default {
  machine: mfaMachine,
  screens: { MFAEnrollment, TOTP, SMSOTP, RecoveryCodes },
} satisfies ProductModule<MfaScreen>;
