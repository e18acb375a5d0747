// The toast stack (spec section 9): each toast shows for its kind's time (4000 ms blank, error and custom; 2000 ms
// success), at most 20 at once (a new one pushes out the oldest), and a dismissed toast stays 1000 ms, fading out,
// before it is removed. One statechart holds the stack; its timers are XState delayed events, so a test drives them
// with a SimulatedClock.
//
//   ready ─SHOW→ ready (toast added, DISMISS scheduled after its kind's time; the 21st oldest dropped)
//         ─DISMISS→ ready (toast hidden, REMOVE scheduled after 1000 ms; its own DISMISS timer cancelled)
//         ─REMOVE→ ready (toast gone)
import { enqueueActions, setup } from 'xstate';
import { MAX_TOASTS, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, type ToastKind } from './constants.ts';

export interface Toast<Content = unknown> {
  id: number;
  kind: ToastKind;
  /** What the screen renders: a string, or whatever the toaster's `render` turns into text (an error descriptor). */
  content: Content;
  /** False from dismissal until removal (the fade-out). */
  visible: boolean;
}

export type ToastsEvent =
  | { type: 'SHOW'; kind: ToastKind; content: unknown }
  | { type: 'DISMISS'; id: number }
  | { type: 'REMOVE'; id: number };

export interface ToastsContext {
  /** Newest first. */
  toasts: Toast[];
  nextId: number;
}

const dismissTimer = (id: number) => `toast-dismiss-${id}`;
const removeTimer = (id: number) => `toast-remove-${id}`;

export const toastsMachine = setup({
  types: { context: {} as ToastsContext, events: {} as ToastsEvent },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], nextId: 1 },
  on: {
    SHOW: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const toast: Toast = { id: context.nextId, kind: event.kind, content: event.content, visible: true };
        const toasts = [toast, ...context.toasts];
        // The oldest beyond the limit go at once, and their timers with them.
        for (const dropped of toasts.slice(MAX_TOASTS)) {
          enqueue.cancel(dismissTimer(dropped.id));
          enqueue.cancel(removeTimer(dropped.id));
        }
        enqueue.assign({ toasts: toasts.slice(0, MAX_TOASTS), nextId: context.nextId + 1 });
        enqueue.raise(
          { type: 'DISMISS', id: toast.id },
          { id: dismissTimer(toast.id), delay: TOAST_DURATION_MS[event.kind] },
        );
      }),
    },
    DISMISS: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (!context.toasts.some((toast) => toast.id === event.id && toast.visible)) return;
        enqueue.cancel(dismissTimer(event.id));
        enqueue.assign({
          toasts: context.toasts.map((toast) => (toast.id === event.id ? { ...toast, visible: false } : toast)),
        });
        enqueue.raise({ type: 'REMOVE', id: event.id }, { id: removeTimer(event.id), delay: TOAST_REMOVE_DELAY_MS });
      }),
    },
    REMOVE: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        enqueue.assign({ toasts: context.toasts.filter((toast) => toast.id !== event.id) });
      }),
    },
  },
});

export type ToastsMachine = typeof toastsMachine;
