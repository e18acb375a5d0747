// The one module that knows @r2wc/react-to-web-component. runtime.ts builds <auth-login-root> on the class made here,
// so an r2wc upgrade is checked against this file (and test/widget/element.test.ts) only.
//
// Relied on, all public behaviour of react-to-web-component 2.1.1 over @r2wc/core 1.3.1:
// - without `shadow`, the element itself is the `container` the component gets and the React root renders into (the
//   element is <auth-login-root>, inside <auth-login>'s own shadow root: runtime.ts);
// - connectedCallback mounts a React root into that container, disconnectedCallback unmounts it (so a moved element
//   mounts again): the subclass-and-call-super pattern of r2wc's docs/api.md;
// - a prop declared without a type (`props: { view: undefined }`, "partial props", bitovi/react-to-web-component#148,
//   @r2wc/core 1.1.0 and later) is a plain element property: its setter keeps the value as it is (no attribute, no
//   transform) and renders the component again with it.
// The element computes everything the component needs (resolved config and theme, client, statechart) into one
// `view` object and hands it over through that property: no other prop is declared, so no attribute is observed or
// reflected by r2wc, and no r2wc symbol is touched.
//
// Left to element.ts, because r2wc's typed props do not fit: rich values stay objects (the `json` type would reflect
// them to attributes), callbacks keep their functions (the `function` type looks a string up on `window`), and
// properties set before the element was defined are re-applied (r2wc only defines accessors on its prototype).
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';

/** The props the component receives: r2wc's shadow root and the element's view. */
export interface ReactHostProps<View> {
  container?: HTMLElement;
  view?: View;
}

/** The one prop declared to r2wc, untyped so that its setter stores the object as is and renders. */
const VIEW_PROP = 'view';

/** The lifecycle r2wc's generated class implements (the React root's mount and unmount). */
interface R2WCLifecycle {
  connectedCallback(): void;
  disconnectedCallback(): void;
}

/** Sets the declared view property: r2wc's setter stores it and renders when the element is mounted. */
function setView(element: HTMLElement, view: unknown): void {
  (element as HTMLElement & Record<typeof VIEW_PROP, unknown>)[VIEW_PROP] = view;
}

/**
 * The class reactHost returns, declared by name: type declarations (dist/types) cannot be emitted for the protected
 * members of an anonymous class (TS4094).
 */
export declare abstract class ReactHostElement<View> extends HTMLElement {
  protected mountReact(view: View | undefined): void;
  protected renderReact(view: View | undefined): void;
  protected unmountReact(): void;
  connectedCallback(): void;
  disconnectedCallback(): void;
}

/**
 * A base class for an element that holds `Component` (rendered into the element itself). A subclass decides when React
 * mounts (it overrides connectedCallback and calls `mountReact` when ready), renders a new view with `renderReact`, and
 * unmounts with `unmountReact` from its disconnectedCallback.
 */
export function reactHost<View>(
  Component: ComponentType<ReactHostProps<View>>,
): abstract new () => ReactHostElement<View> {
  const Generated = r2wc(Component, { props: { [VIEW_PROP]: undefined } }) as unknown as new () => HTMLElement &
    R2WCLifecycle;

  abstract class ReactHost extends Generated {
    /**
     * Mounts the React root with `view`. On a first connection r2wc's setter already renders (its connected flag
     * starts true), so the root gets two renders in the same task, which React batches into one.
     */
    protected mountReact(view: View | undefined): void {
      setView(this, view);
      super.connectedCallback();
    }

    /**
     * Renders the mounted root again with `view`. Only between mountReact and unmountReact: before the first mount,
     * r2wc's setter would mount the root itself (see mountReact).
     */
    protected renderReact(view: View | undefined): void {
      setView(this, view);
    }

    /** Unmounts the React root; the next mountReact mounts a new one. */
    protected unmountReact(): void {
      super.disconnectedCallback();
    }
  }
  // The same members as ReactHostElement; protected members only match their own declaration, hence the cast.
  return ReactHost as unknown as abstract new () => ReactHostElement<View>;
}
