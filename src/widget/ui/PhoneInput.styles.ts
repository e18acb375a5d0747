// PhoneInput's styles, shared with the first-paint shell (src/widget/shell/), which paints Main's phone form. The
// field and its label look like TextInput's (TextInput.styles.ts).
import { css } from './css.ts';
import { fieldControl } from './TextInput.styles.ts';

export const phoneRow = css`
  display: flex;
  gap: 8px;
`;

const control = css`
  ${fieldControl}
  font-size: 16px;
`;

export const phoneSelect = css`
  ${control}
  flex: 0 1 40%;
  min-width: 0;
  padding: 0 4px;
`;

export const phoneNumber = css`
  ${control}
  flex: 1;
  min-width: 0;
  padding: 0 12px;
`;
