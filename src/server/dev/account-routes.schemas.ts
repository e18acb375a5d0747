import { body, optionalString, requiredString } from '../http/fields.ts';

/** POST /dev/connected-app-grants */
export const connectedAppGrantBody = body({
  user_id: requiredString(),
  client_id: requiredString(),
  scopes: optionalString(),
});

/** POST /dev/impersonation-tokens */
export const impersonationTokenBody = body({
  user_id: requiredString(),
  impersonator_id: optionalString(),
});
