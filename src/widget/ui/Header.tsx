import { css } from '@emotion/react';
import { useEffect, useRef } from 'react';
import { useWidget } from '../context.ts';
import { PARTS } from '../theme/parts.ts';
import { v } from '../theme/theme.ts';
import { ArrowLeftIcon } from './icons.tsx';
import { useScreenAnnouncement } from './LiveRegion.tsx';
import { focusRing } from './styles.ts';

const header = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

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
`;

const logo = css`
  align-self: center;
  max-width: 100%;
  max-height: 50px;
  object-fit: contain;
`;

const title = css`
  margin: 0;
  font-size: 24px;
  font-weight: 600;
  line-height: 1.25;
  color: ${v('colorPrimary')};
  &:focus {
    outline: none;
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
}

export function Header({ title: text, onBack, showLogo = false, hideTitle = false, focusTitle = false }: HeaderProps) {
  const { t, theme } = useWidget();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  // Focus on a heading is not read by every screen reader; the live region names the new screen for all of them.
  useScreenAnnouncement(text, focusTitle);
  const logoUrl = showLogo ? theme.logo.logoImageUrl : '';
  return (
    <div part={PARTS.header} css={header}>
      {onBack && (
        <button type="button" part={PARTS.backButton} css={back} onClick={onBack} aria-label={t('common.back')}>
          <ArrowLeftIcon />
        </button>
      )}
      {logoUrl && <img part={PARTS.logo} css={logo} src={logoUrl} alt={t('main.logoAlt')} />}
      {hideTitle ? null : (
        <h2 part={PARTS.title} css={title} ref={titleRef} tabIndex={-1}>
          {text}
        </h2>
      )}
    </div>
  );
}
