// A column of buttons with the social buttons' gap: Main's social block and wallet block stack as one column of up to
// 6 buttons (spec section 2). Shared with the first-paint shell (src/widget/shell/).
import { SOCIAL_BUTTON_GAP_PX } from './constants.ts';
import { css } from './css.ts';

export const buttonColumn = css`
  display: flex;
  flex-direction: column;
  gap: ${SOCIAL_BUTTON_GAP_PX}px;
`;
