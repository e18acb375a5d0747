// The magic-link product's lazy chunk: its machine, its screens and its strings. While a link's token is checked it
// shows the root's spinner (in the entry already).
import './strings.ts';
import Loading from '../../screens/Loading.tsx';
import { magicLinkMachine, type MagicLinkScreen } from './machine.ts';
import EmailConfirmation from './screens/EmailConfirmation.tsx';
import type { ProductModule } from '../types.ts';

export default {
  machine: magicLinkMachine,
  screens: { EmailConfirmation, Loading },
} satisfies ProductModule<MagicLinkScreen>;
