// The oauth product's lazy chunk: its machine (a provider's flow), Google One Tap's machine that runs while Main shows,
// the social block Main shows, and its strings. It has no screens of its own: while a flow starts, Main shows busy.
import './strings.ts';
import { oauthMachine } from './machine.ts';
import { oneTapMachine } from './one-tap.ts';
import MainBlock from './screens/MainBlock.tsx';
import type { ProductModule } from '../types.ts';

export default {
  machine: oauthMachine,
  screens: {},
  mainMachine: oneTapMachine,
  MainBlock,
} satisfies ProductModule;
