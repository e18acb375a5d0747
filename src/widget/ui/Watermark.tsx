import { css } from '@emotion/react';
import { PARTS } from '../theme/parts.ts';
import { v } from '../theme/theme.ts';

const style = css`
  margin: 0;
  font-size: 12px;
  text-align: center;
  color: ${v('colorSecondary')};
`;

/**
 * The product's mark under Main (spec section 9: shown when the bootstrap's displayWatermark is true, which is
 * `!disable_sdk_watermark`). Plain text: a mark that linked out would take visitors away from the sign-in.
 */
export function Watermark({ label }: { label: string }) {
  return (
    <p part={PARTS.watermark} css={style}>
      {label}
    </p>
  );
}
