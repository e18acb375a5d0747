// The repository's root, found from wherever this code runs: src/server/ under tsx, or the bundle in dist-server/.
// A fixed '../..' from import.meta.url would be right for one of the two only.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder at or above `fromUrl`'s folder that holds package.json. */
export function findRepoRoot(fromUrl: string): string {
  let dir = path.dirname(fileURLToPath(fromUrl));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(fromUrl)}`);
    dir = parent;
  }
  return dir;
}
