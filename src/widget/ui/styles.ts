// Shared style fragments. Colours come only from the theme's CSS custom properties.
import { css } from '@emotion/react';
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
