// Styles of Main's social block (block.view.ts), compiled at build time into the first paint's stylesheet too
// (scripts/shell-styles.ts finds a product's block.styles.ts by its folder).
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

/** A provider drawn as a lettered badge (icons.ts MARKS); the letters are generated content. */
export const badge = css`
  box-sizing: border-box;
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 20px;
  height: 20px;
  border: 2px solid currentColor;
  border-radius: 5px;
  font-size: 11px;
  font-weight: 700;
  line-height: 1;
  &::before {
    content: attr(data-mark);
  }
`;
