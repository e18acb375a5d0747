// Solid: <auth-login> with a typed config and event listener (`on:` for a custom element's events).
import { createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import 'auth-login';
import type { AuthLoginConfig, AuthLoginEventDetail } from 'auth-login';
import type {} from 'auth-login/solid';

const config: AuthLoginConfig = { products: ['emailMagicLinks', 'passwords'] };

function App(props: { publicToken: string }) {
  const [lastEvent, setLastEvent] = createSignal<AuthLoginEventDetail['type'] | 'none'>('none');
  return (
    <main>
      <auth-login
        public-token={props.publicToken}
        base-url="/"
        config={config}
        on:auth-login-event={(event) => setLastEvent(event.detail.type)}
      />
      <p>{lastEvent()}</p>
    </main>
  );
}

const root = document.getElementById('root')!;
render(() => <App publicToken={root.dataset['publicToken'] ?? ''} />, root);
