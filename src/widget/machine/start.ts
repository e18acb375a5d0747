// Creates and starts the root statechart, passing what it emits to the element.
import { createActor, type Actor } from 'xstate';
import { rootMachine, type RootMachine } from './root.ts';
import type { RootInput, WidgetErrorDetail, WidgetEventDetail } from './types.ts';

export type RootActor = Actor<RootMachine>;

export function startRootActor(
  input: RootInput,
  on: { event(detail: WidgetEventDetail): void; error(detail: WidgetErrorDetail): void },
): RootActor {
  const actor = createActor(rootMachine, { input });
  actor.on('widget.event', ({ detail }) => on.event(detail));
  actor.on('widget.error', ({ detail }) => on.error(detail));
  actor.start();
  return actor;
}
