// The React root that r2wc mounts into the element's shadow root. It owns no flow: the view (View.tsx) renders the
// screen the statechart's state names and passes `send` down. It also sets up where the widget's styles go: an Emotion
// cache whose container is a node of its own inside the shadow root (or, with enableShadowDOM false, inside the host's
// light DOM, next to the portal the UI renders into). A new cache and node are made on every mount, so after the
// element is moved (r2wc unmounts on disconnect and mounts again on connect) the styles are inserted again.
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider, Global } from '@emotion/react';
import { startTransition, useLayoutEffect, useMemo, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import type { Locale } from '../api/locales.ts';
import type { AuthLoginConfig, ResolvedConfig } from './config.ts';
import { WidgetContext, type WidgetContextValue } from './context.ts';
import { isRtl } from './i18n/direction.ts';
import { createTranslator, type StringOverrides } from './i18n/index.ts';
import type { RootActor } from './machine/start.ts';
import { STYLE_HOST_ATTRIBUTE } from './dom-names.ts';
import { createStyleCache } from './theme/cache.ts';
import type { Theme, ThemeInput } from './theme/default-theme.ts';
import { containerStyle } from './theme/container.styles.ts';
import { hostStyles } from './theme/host.styles.ts';
import { PARTS } from './theme/parts.ts';
import { themeToCssVars } from './theme/theme.ts';
import { Loading } from './screens/Loading.tsx';
import { View } from './View.tsx';

/** Everything the element has worked out for a render: resolved config and theme, its statechart, the host. */
export interface WidgetView {
  host: HTMLElement;
  /** The language in effect as a BCP 47 tag (`locale`, else the page's `lang`): the root's `lang` and direction. */
  localeTag: string;
  /** The built-in language the texts are in; undefined while its tables load (a spinner shows instead of a screen). */
  locale: Locale | undefined;
  /** The root statechart. */
  actor: RootActor;
  config: ResolvedConfig;
  theme: Theme;
  strings: StringOverrides | undefined;
  nonce: string | undefined;
  /**
   * Called with each screen React shows until the first one that is not a spinner: the element then removes the
   * first-paint shell and hands what the visitor did there to the statechart (element.ts).
   */
  takeOverShell?: (screen: string, waiting: boolean) => boolean;
}

/** The props r2wc passes: the raw attribute/property values, the shadow root (`container`) and the element's view. */
export interface AuthLoginProps {
  container?: HTMLElement;
  publicToken?: string;
  baseUrl?: string;
  config?: string | AuthLoginConfig;
  theme?: string | ThemeInput;
  strings?: string | StringOverrides;
  view?: WidgetView;
}

/** Marks the light-DOM node that holds the styles and the UI when enableShadowDOM is false. */
export const LIGHT_ROOT_ATTRIBUTE = 'data-auth-login-light-root';

interface RenderRoots {
  cache: EmotionCache;
  /** The light-DOM node the UI is portalled into (enableShadowDOM false), else null. */
  portal: HTMLElement | null;
}

function useRenderRoots(container: Node, host: HTMLElement, lightDom: boolean, nonce: string | undefined) {
  const [roots, setRoots] = useState<RenderRoots | null>(null);
  useLayoutEffect(() => {
    const styles = document.createElement('div');
    styles.setAttribute(STYLE_HOST_ATTRIBUTE, '');
    styles.hidden = true;
    let outer: HTMLElement = styles;
    let portal: HTMLElement | null = null;
    if (lightDom) {
      outer = document.createElement('div');
      outer.setAttribute(LIGHT_ROOT_ATTRIBUTE, '');
      portal = document.createElement('div');
      outer.append(styles, portal);
      host.append(outer);
    } else {
      (container as ParentNode).prepend(styles);
    }
    // An update from a layout effect renders synchronously, which would paint the whole first screen in one long
    // task; as a transition React renders it in slices between frames (the page stays responsive while it loads).
    startTransition(() => setRoots({ cache: createStyleCache(styles, nonce), portal }));
    return () => outer.remove();
  }, [container, host, lightDom, nonce]);
  return roots;
}

function Widget({ container, view }: { container: HTMLElement; view: WidgetView }) {
  const { host, actor, config, theme, strings, nonce, locale, localeTag } = view;
  const lightDom = !config.enableShadowDOM;
  const roots = useRenderRoots(container, host, lightDom, nonce);
  const vars = useMemo(() => themeToCssVars(theme), [theme]);
  // One `send` per actor: effects that send (the view's preloading) list it, and a new theme, language or strings
  // must not run them again.
  const send = useMemo(() => actor.send.bind(actor) as WidgetContextValue['send'], [actor]);
  const context = useMemo<WidgetContextValue>(
    () => ({ t: createTranslator(strings, locale), theme, send }),
    [strings, locale, theme, send],
  );

  if (!roots) return lightDom ? <slot /> : null;
  const ui = (
    <CacheProvider value={roots.cache}>
      {!lightDom && <Global styles={hostStyles(vars)} />}
      <WidgetContext.Provider value={context}>
        <div
          part={PARTS.container}
          css={containerStyle}
          style={lightDom ? (vars as CSSProperties) : undefined}
          lang={localeTag}
          dir={isRtl(localeTag) ? 'rtl' : 'ltr'}
        >
          {locale ? <View actor={actor} takeOverShell={view.takeOverShell} /> : <Loading />}
        </div>
      </WidgetContext.Provider>
    </CacheProvider>
  );
  return lightDom && roots.portal ? (
    <>
      <slot />
      {createPortal(ui, roots.portal)}
    </>
  ) : (
    ui
  );
}

/** Renders nothing until the element has a public token (and so a client and a statechart). */
export default function AuthLogin({ container, view }: AuthLoginProps) {
  if (!container || !view) return null;
  return <Widget container={container} view={view} />;
}
