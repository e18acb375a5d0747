// What Main's form starts with and which tab it shows.
import type { LoginTab } from '../config.ts';
import { loginTabs } from '../config.ts';
import { DEFAULT_CALLING_CODE, DEFAULT_COUNTRY } from '../constants.ts';
import type { FormState, RootContext } from './types.ts';

/** Main's empty form: no address or number yet, the default country, the first tab. */
export function initialFormState(): FormState {
  return { email: '', phone: '', country: DEFAULT_COUNTRY, callingCode: DEFAULT_CALLING_CODE, tab: null };
}

/** The tab the login form shows: the one the visitor chose, else the first (null when the form has none). */
export function activeTab(context: Pick<RootContext, 'config' | 'formState'>): LoginTab | null {
  const tabs = loginTabs(context.config);
  const chosen = context.formState.tab;
  return chosen && tabs.includes(chosen) ? chosen : (tabs[0] ?? null);
}
