// The element's own box (`:host`) and the theme's custom properties on it, shared by the React root (AuthLogin.tsx,
// through Emotion's Global) and the first-paint shell (src/widget/shell/).
export function hostStyles(vars: Record<string, string>) {
  return { ':host': { display: 'block', maxWidth: '100%', ...vars }, ':host([hidden])': { display: 'none' } };
}
