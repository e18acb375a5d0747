// The passcode product's lazy chunk: its machine, its screens and its strings.
import './strings.ts';
import { otpMachine, type OtpScreen } from './machine.ts';
import OTPAuthenticate from './screens/OTPAuthenticate.tsx';
import OTPConfirmation from './screens/OTPConfirmation.tsx';
import type { ProductModule } from '../types.ts';

export default {
  machine: otpMachine,
  screens: { OTPAuthenticate, OTPConfirmation },
} satisfies ProductModule<OtpScreen>;
