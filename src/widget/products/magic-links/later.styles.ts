// Email Confirmation's own styles, named `magic-links.<export>` by its view (screens/EmailConfirmation.view.ts). The
// first paint shows that screen after an early send, from a stylesheet compiled at build time
// (scripts/shell-styles.ts, later-styles.generated.ts); React's renderer is given them by the screen's module.
import { css } from '../../ui/css.ts';
import { v } from '../../theme/theme.ts';
import { focusRing } from '../../ui/styles.ts';

/** The row of web-mail shortcuts. */
export const list = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** One web-mail shortcut. */
export const link = css`
  font-size: 16px;
  font-weight: 700;
  color: ${v('colorPrimary')};
  text-decoration: underline;
  border-radius: 2px;
  ${focusRing}
`;
