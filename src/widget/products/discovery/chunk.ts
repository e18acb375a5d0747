// Organization discovery's lazy chunk: its machine, its screens and its strings. While a link's token is checked it
// shows the root's spinner (in the entry already).
import './strings.ts';
// The service's error catalogue, for the errors its screens show.
import '../../i18n/en-errors.ts';
import Loading from '../../screens/Loading.tsx';
import { discoveryMachine, type DiscoveryScreen } from './machine.ts';
import EmailConfirmation from './screens/EmailConfirmation.tsx';
import OrganizationCreate from './screens/OrganizationCreate.tsx';
import OrganizationDiscovery from './screens/OrganizationDiscovery.tsx';
import type { ProductModule } from '../types.ts';

export default {
  machine: discoveryMachine,
  screens: { EmailConfirmation, OrganizationDiscovery, OrganizationCreate, Loading },
} satisfies ProductModule<DiscoveryScreen>;
