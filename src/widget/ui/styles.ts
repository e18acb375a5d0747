// Shared style fragments. Colours come only from the theme's CSS custom properties.
import { css } from './css.ts';
import { TOAST_MAX_WIDTH_PX } from './constants.ts';
import { v } from '../theme/theme.ts';

/** A visible focus ring for keyboard users on every control. */
export const focusRing = css`
  &:focus-visible {
    outline: 2px solid ${v('colorPrimary')};
    outline-offset: 2px;
  }
`;

/** Present to assistive technology, invisible on screen. */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

/** A logo image above a screen's title (the theme's, or a connected app's on Consent): centred, at most 50 px high. */
export const logoImage = css`
  align-self: center;
  max-width: 100%;
  max-height: 50px;
  object-fit: contain;
`;

/** A screen's form: its fields and buttons in one column. */
export const formColumn = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin: 0;
`;

export const text = css`
  margin: 0;
  font-size: 16px;
  line-height: 1.5;
  color: ${v('colorPrimary')};
`;

export const errorText = css`
  margin: 0;
  font-size: 14px;
  line-height: 1.4;
  color: ${v('colorError')};
`;

/** A button that reads as a link ('Resend email', 'Skip', a passkey row's actions). */
export const linkButton = css`
  align-self: flex-start;
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  font-weight: 700;
  color: ${v('colorPrimary')};
  text-decoration: underline;
  cursor: pointer;
  border-radius: 2px;
  ${focusRing}
  &:disabled {
    cursor: default;
    opacity: 0.6;
  }
`;

/**
 * A short message that appears and goes: 'Email resent'; a failed passkey rename or delete (spec section 9: at most 350
 * px wide).
 */
export const toast = css`
  margin: 0;
  padding: 8px 12px;
  max-width: ${TOAST_MAX_WIDTH_PX}px;
  border-radius: 4px;
  font-weight: 700;
  color: ${v('colorPrimary')};
  background-color: ${v('colorAccent')};
`;
