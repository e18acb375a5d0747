import { PARTS } from '../theme/parts.ts';
import { dividerStyle } from './Divider.styles.ts';

/** A horizontal rule with a label in the middle ('or'). */
export function Divider({ label }: { label: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot hold the label text this separator shows.
    <div part={PARTS.divider} css={dividerStyle} role="separator" aria-label={label}>
      <span aria-hidden="true">{label}</span>
    </div>
  );
}
