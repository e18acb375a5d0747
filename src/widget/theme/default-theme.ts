// The theme object (spec section 3) and the default theme (spec section 9).

export interface ButtonTheme {
  backgroundColor: string;
  textColor: string;
  borderColor: string;
  borderRadius: string;
}

export interface Theme {
  container: { backgroundColor: string; borderColor: string; borderRadius: string; width: string };
  colors: { primary: string; secondary: string; success: string; warning: string; error: string; accent: string };
  buttons: { primary: ButtonTheme; secondary: ButtonTheme; disabled: ButtonTheme };
  fontFamily: string;
  hideHeaderText: boolean;
  logo: { logoImageUrl: string };
}

type Length = string | number;
export type ButtonThemeInput = Partial<Omit<ButtonTheme, 'borderRadius'> & { borderRadius: Length }>;
/** What a page may set (`theme` property or JSON attribute): any part of the theme; lengths may be numbers (px). */
export interface ThemeInput {
  container?: Partial<{ backgroundColor: string; borderColor: string; borderRadius: Length; width: Length }>;
  colors?: Partial<Theme['colors']>;
  buttons?: Partial<Record<keyof Theme['buttons'], ButtonThemeInput>>;
  fontFamily?: string;
  hideHeaderText?: boolean;
  logo?: Partial<Theme['logo']>;
}

export const DEFAULT_COLORS: Theme['colors'] = {
  primary: '#19303D',
  secondary: '#5C727D',
  success: '#0C5A56',
  warning: '#FFD94A',
  error: '#8B1214',
  accent: '#ECFAFF',
};

/** Values the spec does not give (container background and border, button text, disabled button) are ours. */
export const DEFAULT_THEME: Theme = {
  container: { backgroundColor: '#FFFFFF', borderColor: '#ADBCC5', borderRadius: '8px', width: '400px' },
  colors: DEFAULT_COLORS,
  buttons: {
    primary: {
      backgroundColor: DEFAULT_COLORS.primary,
      textColor: '#FFFFFF',
      borderColor: DEFAULT_COLORS.primary,
      borderRadius: '4px',
    },
    secondary: {
      backgroundColor: '#FFFFFF',
      textColor: DEFAULT_COLORS.primary,
      borderColor: DEFAULT_COLORS.primary,
      borderRadius: '4px',
    },
    disabled: { backgroundColor: '#F3F5F6', textColor: '#8296A1', borderColor: '#F3F5F6', borderRadius: '4px' },
  },
  fontFamily: 'Arial, Helvetica, sans-serif',
  hideHeaderText: false,
  logo: { logoImageUrl: '' },
};
