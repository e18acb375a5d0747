// The password product's lazy chunk: its machine, its screens and its strings. Each component shows two states'
// screens, telling them apart by the state: Password and the Reset Form, Forgot and Breached, Set New and Dedupe.
import './strings.ts';
import { passwordMachine, type PasswordScreen } from './machine.ts';
import Password from './screens/Password.tsx';
import PasswordForgot from './screens/PasswordForgot.tsx';
import PasswordSetNew from './screens/PasswordSetNew.tsx';
import type { ProductModule } from '../types.ts';

export default {
  machine: passwordMachine,
  screens: {
    Password,
    PasswordResetForm: Password,
    PasswordForgot,
    PasswordBreached: PasswordForgot,
    PasswordSetNew,
    PasswordDedupe: PasswordSetNew,
  },
} satisfies ProductModule<PasswordScreen>;
