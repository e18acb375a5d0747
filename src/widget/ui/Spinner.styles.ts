// Spinner's styles, in the first paint's stylesheet too: a held Continue shows it before React has loaded.
import { SPINNER_ANIMATION_MS } from './constants.ts';
import { css, keyframes } from './css.ts';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

export const spinnerStyle = css`
  display: inline-block;
  flex: none;
  animation: ${spin} ${SPINNER_ANIMATION_MS}ms linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: ${SPINNER_ANIMATION_MS * 3}ms;
  }
`;
