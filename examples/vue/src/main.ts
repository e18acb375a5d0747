import { createApp } from 'vue';
import 'auth-login';
import App from './App.vue';

const root = document.getElementById('root')!;
const app = createApp(App, { publicToken: root.dataset['publicToken'] ?? '' });
// Vue's compiler (in the app's build config, e.g. vite.config.ts) must also know: isCustomElement: (tag) => tag === 'auth-login'.
app.config.compilerOptions.isCustomElement = (tag) => tag === 'auth-login';
app.mount(root);
