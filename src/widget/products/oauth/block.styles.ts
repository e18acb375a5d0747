// Styles of Main's social block that the first-paint shell paints too (shell-block.ts): React-free (ui/css.ts).
import { v } from '../../theme/theme.ts';
import { css } from '../../ui/css.ts';

/** 'Last used' above the provider used last on this device. */
export const lastUsedStyle = css`
  display: block;
  margin-bottom: 4px;
  font-size: 12px;
  text-align: end;
  color: ${v('colorSecondary')};
`;
