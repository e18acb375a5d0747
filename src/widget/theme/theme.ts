// Theme resolution and its mapping to CSS custom properties. Components read colours only through these variables,
// so a page can restyle the widget with the theme object, with `--auth-login-*` properties, or with `::part()`.
import { BUTTON_HEIGHT } from '../ui/constants.ts';
import {
  DEFAULT_THEME,
  type ButtonTheme,
  type ButtonThemeInput,
  type Theme,
  type ThemeInput,
} from './default-theme.ts';

export type { Theme, ThemeInput } from './default-theme.ts';

/** Every CSS custom property the widget reads, by role. Each one is documented (@cssproperty) on the element. */
export const CSS_VARS = {
  containerWidth: '--auth-login-container-width',
  containerBackgroundColor: '--auth-login-container-background-color',
  containerBorderColor: '--auth-login-container-border-color',
  containerBorderRadius: '--auth-login-container-border-radius',
  colorPrimary: '--auth-login-color-primary',
  colorSecondary: '--auth-login-color-secondary',
  colorSuccess: '--auth-login-color-success',
  colorWarning: '--auth-login-color-warning',
  colorError: '--auth-login-color-error',
  colorAccent: '--auth-login-color-accent',
  buttonPrimaryBackgroundColor: '--auth-login-button-primary-background-color',
  buttonPrimaryTextColor: '--auth-login-button-primary-text-color',
  buttonPrimaryBorderColor: '--auth-login-button-primary-border-color',
  buttonPrimaryBorderRadius: '--auth-login-button-primary-border-radius',
  buttonSecondaryBackgroundColor: '--auth-login-button-secondary-background-color',
  buttonSecondaryTextColor: '--auth-login-button-secondary-text-color',
  buttonSecondaryBorderColor: '--auth-login-button-secondary-border-color',
  buttonSecondaryBorderRadius: '--auth-login-button-secondary-border-radius',
  buttonDisabledBackgroundColor: '--auth-login-button-disabled-background-color',
  buttonDisabledTextColor: '--auth-login-button-disabled-text-color',
  buttonDisabledBorderColor: '--auth-login-button-disabled-border-color',
  buttonDisabledBorderRadius: '--auth-login-button-disabled-border-radius',
  buttonHeight: '--auth-login-button-height',
  fontFamily: '--auth-login-font-family',
} as const;

export type CssVar = keyof typeof CSS_VARS;

/** `var(--auth-login-…)` for a role. */
export const v = (name: CssVar): string => `var(${CSS_VARS[name]})`;

const px = (value: string | number | undefined): string | undefined =>
  typeof value === 'number' ? `${value}px` : value;

function button(input: ButtonThemeInput | undefined, base: ButtonTheme): ButtonTheme {
  return {
    backgroundColor: input?.backgroundColor ?? base.backgroundColor,
    textColor: input?.textColor ?? base.textColor,
    borderColor: input?.borderColor ?? base.borderColor,
    borderRadius: px(input?.borderRadius) ?? base.borderRadius,
  };
}

/**
 * The complete theme: the defaults with the page's values over them. Button colours that the page does not set follow
 * its `colors.primary`, as in the default theme.
 */
export function resolveTheme(input: ThemeInput | null | undefined): Theme {
  const t = input ?? {};
  const colors = { ...DEFAULT_THEME.colors, ...t.colors };
  const d = DEFAULT_THEME.buttons;
  return {
    container: {
      backgroundColor: t.container?.backgroundColor ?? DEFAULT_THEME.container.backgroundColor,
      borderColor: t.container?.borderColor ?? DEFAULT_THEME.container.borderColor,
      borderRadius: px(t.container?.borderRadius) ?? DEFAULT_THEME.container.borderRadius,
      width: px(t.container?.width) ?? DEFAULT_THEME.container.width,
    },
    colors,
    buttons: {
      primary: button(t.buttons?.primary, {
        ...d.primary,
        backgroundColor: colors.primary,
        borderColor: colors.primary,
      }),
      secondary: button(t.buttons?.secondary, {
        ...d.secondary,
        textColor: colors.primary,
        borderColor: colors.primary,
      }),
      disabled: button(t.buttons?.disabled, d.disabled),
    },
    fontFamily: t.fontFamily ?? DEFAULT_THEME.fontFamily,
    hideHeaderText: t.hideHeaderText ?? DEFAULT_THEME.hideHeaderText,
    logo: { logoImageUrl: t.logo?.logoImageUrl ?? DEFAULT_THEME.logo.logoImageUrl },
  };
}

/** The theme as CSS custom property declarations (`{ '--auth-login-color-primary': '#19303D', … }`). */
export function themeToCssVars(theme: Theme): Record<string, string> {
  const { container, colors, buttons } = theme;
  const values: Record<CssVar, string> = {
    containerWidth: container.width,
    containerBackgroundColor: container.backgroundColor,
    containerBorderColor: container.borderColor,
    containerBorderRadius: container.borderRadius,
    colorPrimary: colors.primary,
    colorSecondary: colors.secondary,
    colorSuccess: colors.success,
    colorWarning: colors.warning,
    colorError: colors.error,
    colorAccent: colors.accent,
    buttonPrimaryBackgroundColor: buttons.primary.backgroundColor,
    buttonPrimaryTextColor: buttons.primary.textColor,
    buttonPrimaryBorderColor: buttons.primary.borderColor,
    buttonPrimaryBorderRadius: buttons.primary.borderRadius,
    buttonSecondaryBackgroundColor: buttons.secondary.backgroundColor,
    buttonSecondaryTextColor: buttons.secondary.textColor,
    buttonSecondaryBorderColor: buttons.secondary.borderColor,
    buttonSecondaryBorderRadius: buttons.secondary.borderRadius,
    buttonDisabledBackgroundColor: buttons.disabled.backgroundColor,
    buttonDisabledTextColor: buttons.disabled.textColor,
    buttonDisabledBorderColor: buttons.disabled.borderColor,
    buttonDisabledBorderRadius: buttons.disabled.borderRadius,
    buttonHeight: BUTTON_HEIGHT,
    fontFamily: theme.fontFamily,
  };
  const out: Record<string, string> = {};
  for (const [role, value] of Object.entries(values)) out[CSS_VARS[role as CssVar]] = value;
  return out;
}
