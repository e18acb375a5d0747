// Links inside server error messages (spec section 8: "Links to the provider's site inside messages are clickable").
// A message is only ever text: it is split into text and https addresses, and React renders each part as text or as
// an <a>, so markup in a message shows as characters and never becomes HTML.
import { css } from '@emotion/react';
import { PARTS } from '../theme/parts.ts';
import { focusRing } from './styles.ts';

const link = css`
  color: inherit;
  text-decoration: underline;
  overflow-wrap: anywhere;
  ${focusRing}
`;

/** A run of a message: plain text, or an https address to render as a link. */
export type TextSegment = { text: string } | { href: string; text: string };

/** Candidates start at `https://` and run to whitespace or a character that cannot end an address in prose. */
const HTTPS_URL = /https:\/\/[^\s<>"'`]+/g;
/** Sentence punctuation right after an address belongs to the sentence, not to the address. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/**
 * Splits `message` into text and links. Only https addresses with a host become links: `http:`, `javascript:` or
 * `data:` text stays text, so a message can never make the widget navigate anywhere but a secure site.
 */
export function linkSegments(message: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of message.matchAll(HTTPS_URL)) {
    const raw = match[0].replace(TRAILING_PUNCTUATION, '');
    const url = parseUrl(raw);
    if (url?.protocol !== 'https:' || !url.hostname) continue;
    const start = match.index ?? 0;
    if (start > last) segments.push({ text: message.slice(last, start) });
    segments.push({ href: url.href, text: raw });
    last = start + raw.length;
  }
  if (last < message.length) segments.push({ text: message.slice(last) });
  return segments;
}

/**
 * A message with its https addresses as links. They open in a new tab (`target=_blank`), so the sign-in in progress
 * stays where it is, and with `rel=noopener`, so the provider's page gets no handle on this one.
 */
export function LinkedText({ text }: { text: string }) {
  return linkSegments(text).map((segment, index) =>
    'href' in segment ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: a message's runs never reorder; an address may repeat.
      <a key={index} part={PARTS.link} css={link} href={segment.href} target="_blank" rel="noopener">
        {segment.text}
      </a>
    ) : (
      segment.text
    ),
  );
}
