// What every product machine sends up to the root (ProductToRootEvent), built in one place.
import { EVENT_TYPES, type EventTypes, type WidgetEventType } from '../events.ts';
import { toErrorDescriptor, toErrorDetail } from '../machine/errors.ts';
import type { ErrorDescriptor } from '../machine/types.ts';
import type { ProductOutput, ProductToRootEvent } from './types.ts';

export { toErrorDescriptor };

/** A widget event for the element to dispatch (`auth-login-event`, `callbacks.onEvent`). */
export function widgetEvent(type: WidgetEventType, data: unknown): ProductToRootEvent {
  return { type: 'WIDGET_EVENT', detail: { type, data } };
}

/** The event name by its key, for `widgetEvent` (the organization products' keys join the table when registered). */
export type WidgetEventName = keyof EventTypes;

/**
 * `widgetEvent` for the event whose key is `name`, looked up when it is sent: the organization products' event types
 * join EVENT_TYPES when those products are registered, which may be after a module naming them has loaded.
 */
export function namedWidgetEvent(name: WidgetEventName, data: unknown): ProductToRootEvent {
  return widgetEvent(EVENT_TYPES[name], data);
}

/** A widget error for the element to dispatch (`auth-login-error`, `callbacks.onError`). */
export function widgetError(error: ErrorDescriptor | null): ProductToRootEvent {
  return { type: 'WIDGET_ERROR', detail: toErrorDetail(error ?? {}) };
}

/** The error of a failed invoked call (`xstate.error.actor.*`). */
export function callError(event: unknown): ErrorDescriptor {
  return toErrorDescriptor((event as { error?: unknown }).error);
}

/** Back to Main: anew (Back, Try again), or as it was with the error of the step that failed. */
export function toMain(error?: ErrorDescriptor | null): ProductOutput {
  return error ? { to: 'main', error } : { to: 'main' };
}
