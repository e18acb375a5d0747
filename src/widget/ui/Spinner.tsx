import { css, keyframes } from '@emotion/react';
import { SPINNER_ANIMATION_MS } from './constants.ts';
import { PARTS } from '../theme/parts.ts';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const style = css`
  display: inline-block;
  flex: none;
  animation: ${spin} ${SPINNER_ANIMATION_MS}ms linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: ${SPINNER_ANIMATION_MS * 3}ms;
  }
`;

/** A rotating arc in the current text colour (1.4 s per turn). Decorative: pair it with text for screen readers. */
export function Spinner({ size = 24 }: { size?: number }) {
  return (
    <svg
      part={PARTS.spinner}
      css={style}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M12 2a10 10 0 0 1 10 10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
