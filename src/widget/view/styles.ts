// The styles views name (node.ts), by name. The painter does not import this table: scripts/shell-styles.ts compiles
// it, through Emotion's own serializer and cache, into shell/styles.generated.ts (class names and CSS text), so the
// entry file paints with React's very classes and rules without running Emotion's CSS compiler (stylis) in the
// visitor's browser. React's renderer (react.ts) hands the style itself to the `css` prop. A product's block brings
// its style objects itself (products/<name>/block.styles.ts, compiled into the same sheet). A style added here is in
// the first paint after `npm run build` (or `npm run shell-styles`); test/tooling/shell-styles.test.ts fails while
// the generated file is stale.
import { formStyle } from '../screens/Main.styles.ts';
import { containerStyle } from '../theme/container.styles.ts';
import { buttonStyles } from '../ui/Button.styles.ts';
import { buttonColumn } from '../ui/ButtonColumn.styles.ts';
import { dividerStyle } from '../ui/Divider.styles.ts';
import { backButton, header, title } from '../ui/Header.styles.ts';
import { phoneNumber, phoneRow, phoneSelect } from '../ui/PhoneInput.styles.ts';
import { spinnerStyle } from '../ui/Spinner.styles.ts';
import { errorText, logoImage, text, visuallyHidden } from '../ui/styles.ts';
import { tabList, tabPanel, tabStyle } from '../ui/Tabs.styles.ts';
import { field, input, labelStyle } from '../ui/TextInput.styles.ts';
import { watermarkStyle } from '../ui/Watermark.styles.ts';

export const SHARED_STYLES = {
  container: containerStyle,
  header,
  title,
  logoImage,
  buttonPrimary: buttonStyles('primary'),
  buttonSecondary: buttonStyles('secondary'),
  spinner: spinnerStyle,
  divider: dividerStyle,
  errorText,
  form: formStyle,
  field,
  input,
  label: labelStyle,
  phoneRow,
  phoneSelect,
  phoneNumber,
  visuallyHidden,
  tabList,
  tabPanel,
  tab: tabStyle,
  buttonColumn,
  watermark: watermarkStyle,
};

/**
 * Styles of views Main's first paint never shows (Main has no back arrow): kept out of the entry's compiled sheet,
 * whose every byte a visitor fetches before the form is usable. A screen the first paint shows after a call (a
 * product's early send: shell/early-send.ts) gets them compiled from a chunk of their own (later-styles.generated.ts).
 */
export const LATER_STYLES = { backButton, text };

export type SharedStyle = keyof typeof SHARED_STYLES | keyof typeof LATER_STYLES;
