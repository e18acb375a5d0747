import { errorMessageKey } from '../i18n/index.ts';
import type { ErrorDescriptor, WidgetErrorDetail } from './types.ts';

/**
 * Describes a failed call: the client's APIError carries `error_type` and `error_message`; anything else (the service
 * unreachable, …) is described by its message. Duck-typed so it works with any instance of the client module.
 */
export function toErrorDescriptor(error: unknown): ErrorDescriptor {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const errorType = typeof e.error_type === 'string' ? e.error_type : undefined;
  const message =
    typeof e.error_message === 'string' ? e.error_message : typeof e.message === 'string' ? e.message : String(error);
  const messageKey = errorMessageKey(errorType);
  return { message, ...(errorType ? { errorType } : {}), ...(messageKey ? { messageKey } : {}) };
}

export function toErrorDetail(descriptor: ErrorDescriptor): WidgetErrorDetail {
  return { message: descriptor.message ?? '', ...(descriptor.errorType ? { error_type: descriptor.errorType } : {}) };
}
