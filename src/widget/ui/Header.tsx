import { css } from '@emotion/react';
import { useEffect, useRef, type RefObject } from 'react';
import { useWidget } from '../context.ts';
import { PARTS } from '../theme/parts.ts';
import { v } from '../theme/theme.ts';
import { header, title } from './Header.styles.ts';
import { ArrowLeftIcon } from './icons.tsx';
import { useScreenAnnouncement } from './LiveRegion.tsx';
import { focusRing, logoImage } from './styles.ts';

// The arrow points back, which is to the right in a right-to-left language (dir rtl on the widget's root).
const back = css`
  align-self: flex-start;
  display: inline-flex;
  padding: 4px;
  margin: -4px;
  border: 0;
  border-radius: 4px;
  background: none;
  color: ${v('colorPrimary')};
  cursor: pointer;
  ${focusRing}
  &:dir(rtl) svg {
    transform: scaleX(-1);
  }
`;

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
  return (
    <div part={PARTS.header} css={header} ref={headerRef}>
      {onBack && (
        <button type="button" part={PARTS.backButton} css={back} onClick={onBack} aria-label={t('common.back')}>
          <ArrowLeftIcon />
        </button>
      )}
      {logoUrl && <img part={PARTS.logo} css={logoImage} src={logoUrl} alt={t('main.logoAlt')} />}
      {hideTitle ? null : (
        <h2 part={PARTS.title} css={title} ref={titleRef} tabIndex={-1}>
          {text}
        </h2>
      )}
    </div>
  );
}
