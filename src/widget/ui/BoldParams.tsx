// A message whose parameters show in bold (the address a link went to, the number a code went to), as a screen's
// sentence: the parts of `splitMessage`, each parameter's value in <strong>, an unknown one empty.
import type { ReactNode } from 'react';
import { splitMessage } from '../i18n/index.ts';

export function boldParams(message: string, values: Readonly<Record<string, string>>): ReactNode[] {
  return splitMessage(message).map((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts never reorder; a parameter may repeat.
    typeof part === 'string' ? part : <strong key={i}>{values[part.param] ?? ''}</strong>,
  );
}
