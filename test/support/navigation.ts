// The client's full-page navigations (an OAuth start, the One Tap redirect), recorded instead of followed, for tests
// under src/widget, which may import only the client's public entry and types (test/tooling/widget-client-imports).
import { navigation } from '../../src/client/navigation.ts';

/** Records every address the client would navigate to, until `restore()`. */
export function recordNavigations(): { visited: string[]; restore(): void } {
  const assign = navigation.assign;
  const visited: string[] = [];
  navigation.assign = (url) => void visited.push(url);
  return {
    visited,
    restore: () => {
      navigation.assign = assign;
    },
  };
}
