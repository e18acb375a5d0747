import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Maps a URL path to a file inside `root`, or null. Segments are decoded one by one and refused when they could
 * step outside (`..`, encoded slashes or backslashes, NUL) or are hidden (dotfiles). The real path is checked
 * again after resolving symlinks, so a link inside the folder cannot point outside it.
 */
export async function fileInside(root: string, urlPath: string): Promise<string | null> {
  const segments = decodeSegments(urlPath);
  if (!segments) return null;
  const realRoot = await realpathOrNull(root);
  if (!realRoot) return null;
  const candidate = path.join(realRoot, ...segments);
  const real = await realpathOrNull(candidate);
  if (!real || !isInside(realRoot, real)) return null;
  const stat = await fs.stat(real).catch(() => null);
  return stat?.isFile() ? real : null;
}

function decodeSegments(urlPath: string): string[] | null {
  const segments: string[] = [];
  for (const raw of urlPath.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment.startsWith('.') || /[/\\]/.test(segment) || segment.includes('\0')) return null;
    segments.push(segment);
  }
  return segments;
}

function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

async function realpathOrNull(target: string): Promise<string | null> {
  try {
    return await fs.realpath(target);
  } catch {
    return null;
  }
}
