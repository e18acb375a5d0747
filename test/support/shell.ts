// The first paint's input as the element gives it, for tests that paint a Shell on a host of their own: English,
// left to right, the default theme unless given, and `client` as the element's made client.
import type { AuthClient } from '../../src/client/types.ts';
import { resolveConfig, type AuthLoginConfig } from '../../src/widget/config.ts';
import { createTranslator } from '../../src/widget/i18n/index.ts';
import type { ShellInput } from '../../src/widget/shell/shell.ts';
import { resolveTheme, type ThemeInput } from '../../src/widget/theme/theme.ts';
import { testEnv } from './env.ts';

export function shellInput(config: AuthLoginConfig, client?: AuthClient, theme?: ThemeInput): ShellInput {
  return {
    config: resolveConfig(config, testEnv.pageOrigin),
    theme: resolveTheme(theme),
    t: createTranslator(),
    localeTag: 'en',
    dir: 'ltr',
    nonce: undefined,
    client: () => client,
  };
}

/**
 * Resolves with `button`'s `aria-busy` the first time it changes, and `normalise()`'s result taken at that moment:
 * the first paint shows a pressed Continue busy in the frame after the press, before anything that follows it.
 */
export function nextBusy<T = string | null>(
  button: Element,
  normalise: () => T = () => button.getAttribute('aria-busy') as T,
): Promise<T> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve(normalise());
    });
    observer.observe(button, { attributes: true, attributeFilter: ['aria-busy'] });
  });
}
