// The oauth product's lazy chunk: its machine (a provider's flow), Google One Tap's machine that runs while Main shows,
// the social block Main shows, and its strings. It has no screens of its own: while a flow starts, Main shows busy,
// and while a redirect's token is checked, the root's spinner (in the entry already).
import './strings.ts';
import Loading from '../../screens/Loading.tsx';
import { oauthMachine, type OAuthScreen } from './machine.ts';
import { oneTapMachine } from './one-tap.ts';
import MainBlock from './screens/MainBlock.tsx';
import type { ProductModule } from '../types.ts';

export default {
  machine: oauthMachine,
  screens: { Loading },
  mainMachine: oneTapMachine,
  MainBlock,
} satisfies ProductModule<OAuthScreen>;
