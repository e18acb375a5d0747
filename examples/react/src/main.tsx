// React 19: <auth-login> with a typed config, theme and event handler; signs in with an email and a password.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import 'auth-login';
import type { AuthLoginConfig, AuthLoginEventDetail } from 'auth-login';
import type {} from 'auth-login/react';

const config: AuthLoginConfig = { products: ['passwords'] };

function App({ publicToken }: { publicToken: string }) {
  const [lastEvent, setLastEvent] = useState<AuthLoginEventDetail['type'] | 'none'>('none');
  return (
    <main>
      <auth-login
        public-token={publicToken}
        base-url="/"
        config={config}
        theme={{ colors: { primary: '#19303D' } }}
        onauth-login-event={(event) => setLastEvent(event.detail.type)}
      />
      <p id="last-event">{lastEvent}</p>
    </main>
  );
}

const root = document.getElementById('root')!;
createRoot(root).render(<App publicToken={root.dataset['publicToken'] ?? ''} />);
