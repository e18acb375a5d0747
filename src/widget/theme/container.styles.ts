// The widget's box, shared by the React root (AuthLogin.tsx) and the first-paint shell (src/widget/shell/).
import { css } from '../ui/css.ts';
import { v } from './theme.ts';

export const containerStyle = css`
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  gap: 24px;
  width: ${v('containerWidth')};
  max-width: 100%;
  padding: 40px 32px;
  background-color: ${v('containerBackgroundColor')};
  border: 1px solid ${v('containerBorderColor')};
  border-radius: ${v('containerBorderRadius')};
  font-family: ${v('fontFamily')};
  color: ${v('colorPrimary')};
  text-align: start;
`;
