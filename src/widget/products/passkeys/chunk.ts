// The passkey product's lazy chunk: its machine (button sign-in, registration), the autofill machine that runs while
// Main shows, Main's passkey button, its screens and its strings.
import './strings.ts';
import { passkeyAutofillMachine } from './autofill.ts';
import { passkeyMachine, type PasskeyScreen } from './machine.ts';
import MainBlock from './screens/MainBlock.tsx';
import PasskeyConfirmation from './screens/PasskeyConfirmation.tsx';
import PasskeyRegistrationSuccess from './screens/PasskeyRegistrationSuccess.tsx';
import RegisterNewPasskey from './screens/RegisterNewPasskey.tsx';
import type { ProductModule } from '../types.ts';

export default {
  machine: passkeyMachine,
  screens: { RegisterNewPasskey, PasskeyRegistrationSuccess, PasskeyConfirmation },
  mainMachine: passkeyAutofillMachine,
  MainBlock,
} satisfies ProductModule<PasskeyScreen>;
