// Single sign-on's lazy chunk: its machine, its screens, Main's block and its strings. While the identity provider's
// token is checked, and while the browser leaves for it, it shows the root's spinner (in the entry already).
import './strings.ts';
// The service's error catalogue, for the errors its screens show.
import '../../i18n/en-errors.ts';
import Loading from '../../screens/Loading.tsx';
import { ssoMachine, type SsoScreen } from './machine.ts';
import MainBlock from './screens/MainBlock.tsx';
import SSODiscovery from './screens/SSODiscovery.tsx';
import type { ProductModule } from '../types.ts';

export default {
  machine: ssoMachine,
  screens: { SSODiscovery, Loading },
  MainBlock,
} satisfies ProductModule<SsoScreen>;
