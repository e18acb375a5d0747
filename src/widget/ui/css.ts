// Emotion's `css` without React: the very serializer behind @emotion/react's `css` and its `css` prop
// (`serializeStyles(args)`), so a style defined here gets the same class name whether React renders it or the
// first-paint shell (src/widget/shell/) inserts it. Style modules the shell shares with components import this one;
// importing '@emotion/react' would put React into the entry file.
import { serializeStyles, type Interpolation, type SerializedStyles } from '@emotion/serialize';

export type { SerializedStyles } from '@emotion/serialize';

export function css(template: TemplateStringsArray, ...values: Interpolation<unknown>[]): SerializedStyles {
  return serializeStyles([template, ...values]);
}
