// The magic-link product's lazy chunk: its machine, its screens and its strings. While a link's token is checked it
// shows the root's spinner (in the entry already).
import './strings.ts';
// The service's error catalogue, for the errors Main shows for this product: with the chunk, not with strings.ts,
// which the early send (early-send.ts) also loads before React and which shows no error.
import '../../i18n/en-errors.ts';
import Loading from '../../screens/Loading.tsx';
import { magicLinkMachine, type MagicLinkScreen } from './machine.ts';
import EmailConfirmation from './screens/EmailConfirmation.tsx';
import type { ProductModule } from '../types.ts';

export default {
  machine: magicLinkMachine,
  screens: { EmailConfirmation, Loading },
} satisfies ProductModule<MagicLinkScreen>;
