// The rendering half of <auth-login>, a lazy chunk: React, the React root (AuthLogin.tsx), r2wc and the statechart.
// The element (element.ts, in the entry file) imports it as it connects and meanwhile paints Main itself
// (shell/shell.ts), so none of this is fetched before a visitor can type.
//
// React renders into an inner element, `<auth-login-root>`, made by r2wc (r2wc-adapter.ts) and placed in the
// element's shadow root without a shadow root of its own: the UI stays in <auth-login>'s shadow tree, where the
// page's `::part()` rules and the element's `:host` styles apply, and tests and tools find it as before.
import { startTransition } from 'react';
import AuthLogin, { type WidgetView } from './AuthLogin.tsx';
import { ROOT_TAG_NAME } from './dom-names.ts';
import { reactHost } from './r2wc-adapter.ts';

export { startRootActor } from './machine/start.ts';
export { sendShellFields, takeOverShell } from './shell/take-over.ts';

/** The inner element holding the React root; display: contents, so its children lay out as the host's. */
export class AuthLoginRoot extends reactHost<WidgetView>(AuthLogin) {
  #view: WidgetView | undefined;
  #connected = false;

  /** Renders `view` (mounted), or keeps it for the mount. */
  show(view: WidgetView | undefined): void {
    this.#view = view;
    if (this.#connected) startTransition(() => this.renderReact(view));
  }

  override connectedCallback(): void {
    this.#connected = true;
    const view = this.#view;
    // As a transition React renders the first screen in slices between frames: the page stays responsive.
    startTransition(() => this.mountReact(view));
  }

  override disconnectedCallback(): void {
    this.#connected = false;
    this.unmountReact();
  }
}

/** A new inner root element (defined on first use). */
export function createRoot(): AuthLoginRoot {
  if (!customElements.get(ROOT_TAG_NAME)) customElements.define(ROOT_TAG_NAME, AuthLoginRoot);
  const root = document.createElement(ROOT_TAG_NAME) as AuthLoginRoot;
  root.style.display = 'contents';
  return root;
}
