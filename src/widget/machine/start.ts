// The statechart's code: XState and the login machine, a lazy chunk of their own (about 16 KB gzip). The element
// starts downloading it when it connects and paints Main meanwhile from a stand-in (pending.ts).
import { createActor, type Actor } from 'xstate';
import { loginMachine, type LoginMachine } from './login.ts';
import type { LoginInput, WidgetErrorDetail, WidgetEventDetail } from './types.ts';

export type LoginActor = Actor<LoginMachine>;

/** Creates and starts the login statechart, passing what it emits to the element. */
export function startLoginActor(
  input: LoginInput,
  on: { event(detail: WidgetEventDetail): void; error(detail: WidgetErrorDetail): void },
): LoginActor {
  const actor = createActor(loginMachine, { input });
  actor.on('widget.event', ({ detail }) => on.event(detail));
  actor.on('widget.error', ({ detail }) => on.error(detail));
  actor.start();
  return actor;
}
