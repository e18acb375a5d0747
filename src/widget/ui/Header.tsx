import { useEffect, useRef, type RefObject } from 'react';
import { useWidget } from '../context.ts';
import { PARTS } from '../theme/parts.ts';
import { toReact } from '../view/react.ts';
import { headerView } from './Header.view.ts';
import { useScreenAnnouncement } from './LiveRegion.tsx';

export interface HeaderProps {
  title: string;
  /** Shows the back arrow; called when it is activated. */
  onBack?: () => void;
  /** Shows the theme's logo (Main). */
  showLogo?: boolean;
  /** Leaves the title out (theme.hideHeaderText). */
  hideTitle?: boolean;
  /** Moves focus to the title when the screen appears after a transition. */
  focusTitle?: boolean;
  /**
   * Names the screen in the live region: the screen appeared after a transition (default: when the title takes focus;
   * a screen that focuses a field instead says so here).
   */
  announce?: boolean;
}

/**
 * Escape does what the back arrow does, for a keyboard user anywhere in the widget (a step back, as Escape leaves a
 * dialog). Listened for on the widget's container only, never the page: the host page keeps its own Escape.
 */
function useEscapeGoesBack(headerRef: RefObject<HTMLElement | null>, onBack: (() => void) | undefined): void {
  // Screens pass a new arrow on every render: the listener stays, and calls the latest.
  const latest = useRef(onBack);
  latest.current = onBack;
  const hasBack = Boolean(onBack);
  useEffect(() => {
    const widget = headerRef.current?.closest(`[part~="${PARTS.container}"]`);
    if (!widget || !hasBack) return undefined;
    const onKeyDown = (event: Event) => {
      const key = event as KeyboardEvent;
      if (key.key !== 'Escape' || key.defaultPrevented || key.isComposing) return;
      key.preventDefault();
      latest.current?.();
    };
    widget.addEventListener('keydown', onKeyDown);
    return () => widget.removeEventListener('keydown', onKeyDown);
  }, [headerRef, hasBack]);
}

export function Header({
  title: text,
  onBack,
  showLogo = false,
  hideTitle = false,
  focusTitle = false,
  announce = focusTitle,
}: HeaderProps) {
  const { t, theme } = useWidget();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  // Focus on a heading is not read by every screen reader; the live region names the new screen for all of them.
  useScreenAnnouncement(text, announce);
  useEscapeGoesBack(headerRef, onBack);
  const logoUrl = showLogo ? theme.logo.logoImageUrl : '';
  return toReact(
    headerView({
      title: text,
      back: onBack && { label: t('common.back'), on: { click: onBack } },
      logo: logoUrl ? { url: logoUrl, alt: t('main.logoAlt') } : undefined,
      hideTitle,
      headerRef: (node) => {
        headerRef.current = node as HTMLDivElement | null;
      },
      titleRef: (node) => {
        titleRef.current = node as HTMLHeadingElement | null;
      },
    }),
  );
}
