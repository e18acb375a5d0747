// The organization login's lazy chunk: its machine, its screens and its strings. While the link's token is checked it
// shows the root's spinner (in the entry already).
import './strings.ts';
// The service's error catalogue, for the errors its screens show.
import '../../i18n/en-errors.ts';
import Loading from '../../screens/Loading.tsx';
import { organizationLoginMachine, type OrganizationLoginScreen } from './machine.ts';
import EmailConfirmation from './screens/EmailConfirmation.tsx';
import OrganizationLogin from './screens/OrganizationLogin.tsx';
import type { ProductModule } from '../types.ts';

export default {
  machine: organizationLoginMachine,
  screens: { OrganizationLogin, EmailConfirmation, Loading },
} satisfies ProductModule<OrganizationLoginScreen>;
