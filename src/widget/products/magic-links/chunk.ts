// The magic-link product's lazy chunk: its machine, its screen and its strings.
import './strings.ts';
import { magicLinkMachine } from './machine.ts';
import EmailConfirmation from './screens/EmailConfirmation.tsx';
import type { ProductModule } from '../types.ts';

export default {
  machine: magicLinkMachine,
  screens: { EmailConfirmation },
} satisfies ProductModule;
