// Emotion's `css` without React: the very serializer behind @emotion/react's `css` and its `css` prop
// (`serializeStyles(args)`), so a style defined here gets the same class name whether React renders it or the
// first-paint shell (src/widget/shell/) inserts it. Style modules the shell shares with components import this one;
// importing '@emotion/react' would put React into the entry file.
import { serializeStyles, type Interpolation, type SerializedStyles } from '@emotion/serialize';

export type { SerializedStyles } from '@emotion/serialize';

export function css(template: TemplateStringsArray, ...values: Interpolation<unknown>[]): SerializedStyles {
  return serializeStyles([template, ...values]);
}

/**
 * Emotion's `keyframes` without React (as @emotion/react defines it): an animation a style interpolates, inserted
 * before the style's own rules.
 */
export function keyframes(template: TemplateStringsArray, ...values: Interpolation<unknown>[]) {
  const insertable = css(template, ...values);
  const name = `animation-${insertable.name}`;
  return {
    name,
    styles: `@keyframes ${name}{${insertable.styles}}`,
    anim: 1 as const,
    toString: () => `_EMO_${name}_${insertable.styles}_EMO_`,
  };
}
