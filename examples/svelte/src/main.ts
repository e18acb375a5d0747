import { mount } from 'svelte';
import 'auth-login';
import App from './App.svelte';

const target = document.getElementById('root')!;
mount(App, { target, props: { publicToken: target.dataset['publicToken'] ?? '' } });
