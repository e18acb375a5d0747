// A React root in a fresh <div> on the page for each test of the `describe` it is called in, for testing one UI
// component on its own; unmounted and removed after each test.
import { createRoot, type Root } from 'react-dom/client';

export function freshReactRoot(): { readonly host: HTMLDivElement; readonly root: Root } {
  const state: { host?: HTMLDivElement; root?: Root } = {};
  beforeEach(() => {
    state.host = document.createElement('div');
    document.body.append(state.host);
    state.root = createRoot(state.host);
  });
  afterEach(() => {
    state.root?.unmount();
    state.host?.remove();
  });
  return {
    get host() {
      if (!state.host) throw new Error('freshReactRoot: no test is running');
      return state.host;
    },
    get root() {
      if (!state.root) throw new Error('freshReactRoot: no test is running');
      return state.root;
    },
  };
}
