// A stand-in for the login statechart while its code (XState and the machine, see start.ts) downloads. It answers
// like an actor with one snapshot — Main, idle, with an empty form; Loading when the page URL carries a redirect
// token — so Main paints as soon as React does. Events sent meanwhile are kept, in order, and replayed into the real
// actor by handOver(). A configuration change and the form's edits are also applied here, so Main shows the new tabs
// at once and what a visitor types on a slow connection stays in the field instead of vanishing until the code arrives.
import { TOKEN_TYPE_PARAM } from '../../api/index.ts';
import type { LoginActor } from './start.ts';
import { initialFormState } from './form.ts';
import { readLastUsedOAuth } from '../../client/oauth.ts';
import type { LoginContext, LoginEvent, LoginInput } from './types.ts';

export type LoginSnapshot = ReturnType<LoginActor['getSnapshot']>;
/** What the React root needs of an actor: the real statechart or this stand-in. */
export type LoginActorLike = Pick<LoginActor, 'send' | 'getSnapshot' | 'subscribe'>;

export interface PendingActor extends LoginActorLike {
  /** Replays the events sent so far into `actor`; the stand-in is done after this. */
  handOver(actor: LoginActor): void;
}

function hasRedirectToken(url: string | undefined): boolean {
  try {
    return url ? new URL(url).searchParams.has(TOKEN_TYPE_PARAM) : false;
  } catch {
    return false;
  }
}

type FormEventType = 'EMAIL_CHANGED' | 'PHONE_CHANGED' | 'COUNTRY_CHANGED' | 'TAB_SELECTED';
const FORM_EVENTS = new Set<string>(['EMAIL_CHANGED', 'PHONE_CHANGED', 'COUNTRY_CHANGED', 'TAB_SELECTED'] satisfies FormEventType[]);

export function createPendingActor(input: LoginInput): PendingActor {
  const url = input.url ?? (typeof location === 'undefined' ? undefined : location.href);
  const showsMain = !hasRedirectToken(url);
  const queue: LoginEvent[] = [];
  const listeners = new Set<() => void>();
  let config = input.config;
  let formState = initialFormState();
  let snapshot = makeSnapshot(input, showsMain, formState);
  const update = () => {
    snapshot = makeSnapshot({ ...input, config }, showsMain, formState);
    listeners.forEach((listener) => listener());
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(observer: unknown) {
      const next = typeof observer === 'function' ? observer : (observer as { next?: () => void }).next;
      const listener = () => next?.(snapshot);
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
    send(event: LoginEvent) {
      queue.push(event);
      if (event.type === 'CONFIG_CHANGED') {
        config = event.config;
        update();
      } else if (FORM_EVENTS.has(event.type)) {
        // The same edit the statechart's `setForm` makes: the event carries formState fields under their own names.
        const { type: _type, ...changes } = event as Extract<LoginEvent, { type: FormEventType }>;
        formState = { ...formState, ...changes };
        update();
      }
    },
    handOver(actor) {
      listeners.clear();
      for (const event of queue.splice(0)) actor.send(event);
    },
  } as PendingActor;
}

/** The one snapshot the stand-in shows; only what Main and the root read is meaningful. */
function makeSnapshot(input: LoginInput, showsMain: boolean, formState: LoginContext['formState']): LoginSnapshot {
  const context: Partial<LoginContext> = {
    client: input.client,
    config: input.config,
    bootstrap: input.client.bootstrap.getSync(),
    screen: showsMain ? 'Main' : 'Loading',
    formState,
    errorDescriptor: null,
    lastUsedOAuth: readLastUsedOAuth(input.client.publicToken),
  };
  const value = showsMain ? { main: 'idle' } : 'start';
  return {
    status: 'active',
    context,
    value,
    children: {},
    matches: (state: unknown) => JSON.stringify(state) === JSON.stringify(value),
    hasTag: () => false,
    can: () => false,
  } as unknown as LoginSnapshot;
}
