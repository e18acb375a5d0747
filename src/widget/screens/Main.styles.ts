// Main's styles, shared with the first-paint shell (src/widget/shell/), which paints Main's email form before React.
import { css } from '../ui/css.ts';

export const formStyle = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin: 0;
`;
