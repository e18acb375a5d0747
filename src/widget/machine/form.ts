// What Main's form starts with and which tab it shows: shared by the statechart and by the stand-in that paints Main
// before the statechart's code has loaded (pending.ts), so both agree without either importing the other.
import type { LoginTab } from '../config.ts';
import { loginTabs } from '../config.ts';
import { DEFAULT_CALLING_CODE, DEFAULT_COUNTRY } from '../constants.ts';
import type { LoginContext } from './types.ts';

/** Main's empty form: no address or number yet, the default country, the first tab. */
export function initialFormState(): LoginContext['formState'] {
  return { email: '', phone: '', country: DEFAULT_COUNTRY, callingCode: DEFAULT_CALLING_CODE, tab: null };
}

/** The tab the login form shows: the one the visitor chose, else the first (null when the form has none). */
export function activeTab(context: Pick<LoginContext, 'config' | 'formState'>): LoginTab | null {
  const tabs = loginTabs(context.config);
  const chosen = context.formState.tab;
  return chosen && tabs.includes(chosen) ? chosen : (tabs[0] ?? null);
}
