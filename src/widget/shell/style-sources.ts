// Every style the first-paint shell uses, by the name the shell (and a product's shell block) asks for it with. Not
// imported by the shell at run time: scripts/shell-styles.ts compiles these, through Emotion's own serializer and
// cache, into styles.generated.ts (class names and CSS text), so the entry file paints with React's very classes and
// rules without running Emotion's CSS compiler (stylis) in the visitor's browser. A style added here is in the shell
// after `npm run build` (or `npm run shell-styles`); test/tooling/shell-styles.test.ts fails while the generated file
// is stale.
import { badge, lastUsedStyle } from '../products/oauth/block.styles.ts';
import { formStyle } from '../screens/Main.styles.ts';
import { containerStyle } from '../theme/container.styles.ts';
import { buttonStyles } from '../ui/Button.styles.ts';
import { buttonColumn } from '../ui/ButtonColumn.styles.ts';
import { dividerStyle } from '../ui/Divider.styles.ts';
import { header, title } from '../ui/Header.styles.ts';
import { phoneNumber, phoneRow, phoneSelect } from '../ui/PhoneInput.styles.ts';
import { errorText, logoImage, visuallyHidden } from '../ui/styles.ts';
import { tabList, tabPanel, tabStyle } from '../ui/Tabs.styles.ts';
import { field, input, labelStyle } from '../ui/TextInput.styles.ts';

export const SHELL_STYLE_SOURCES = {
  container: containerStyle,
  header,
  title,
  logoImage,
  buttonPrimary: buttonStyles('primary'),
  buttonSecondary: buttonStyles('secondary'),
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
  oauthBadge: badge,
  oauthLastUsed: lastUsedStyle,
};

export type ShellStyle = keyof typeof SHELL_STYLE_SOURCES;
