// Which way a language is written, for the widget's `dir` (the React root's box and the first-paint shell's).
import { RTL_LANGUAGES } from '../constants.ts';

/** Whether a BCP 47 tag's language is written right to left. */
export function isRtl(tag: string): boolean {
  return RTL_LANGUAGES.includes(tag.split(/[-_]/)[0]!.toLowerCase());
}
