// The widget's events: the DOM events the element dispatches, the `type` of each widget event, and the telemetry
// names sent through the client.
import { PRODUCT_EVENTS, PRODUCT_TELEMETRY, type ProductEvents, type ProductTelemetry } from './products/registry.ts';

/** DOM event for every widget event (`detail: { type, data }`). */
export const WIDGET_EVENT = 'auth-login-event';
/** DOM event for every error the widget reports (`detail: { message, error_type? }`). */
export const WIDGET_ERROR_EVENT = 'auth-login-error';

/**
 * The `type` of the widget events of the flow itself; each product's (a link sent, a passcode authenticated, …) are in
 * its record (products/<name>/index.ts, with what `data` holds) and join EVENT_TYPES through the registry.
 */
const FLOW_EVENT_TYPES = {
  /** The flow finished and a session exists. `data` is `{}`. */
  AUTHENTICATE_FLOW_COMPLETE: 'AUTHENTICATE_FLOW_COMPLETE',
} as const;

/** Every widget event type, by name. */
export type EventTypes = typeof FLOW_EVENT_TYPES & ProductEvents;
// The registry's own objects (here and below), so that the organization products' join them when registered.
/** The `type` of the widget events (in `auth-login-event` and `callbacks.onEvent`): the flow's and every product's. */
export const EVENT_TYPES: EventTypes = Object.assign(PRODUCT_EVENTS, FLOW_EVENT_TYPES);
export type WidgetEventType = EventTypes[keyof EventTypes];

/** Telemetry event names sent through `client.events.log`: Main's here, each product's in its folder. */
export const TELEMETRY: { readonly renderLoginScreen: 'render_login_screen' } & ProductTelemetry = Object.assign(
  PRODUCT_TELEMETRY,
  { renderLoginScreen: 'render_login_screen' } as const,
);
