// The generic Success and Error screens' strings, English: they load with those screens, not with first paint.
import { registerDefaults } from './index.ts';

export const enOutcome = {
  // Generic success and error screens (spec sections 2 and 8)
  'success.title': 'Success!',
  'success.text': 'You have successfully logged in.',
  'error.title': 'Looks like there was an error!',
} as const;

registerDefaults(enOutcome);
