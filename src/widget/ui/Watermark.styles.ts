// The watermark's style, in the first paint's stylesheet too (Main's view shows it under the form).
import { v } from '../theme/theme.ts';
import { css } from './css.ts';

export const watermarkStyle = css`
  margin: 0;
  font-size: 12px;
  text-align: center;
  color: ${v('colorSecondary')};
`;
