// The one tar the service reads: PGlite's own dump of an empty cluster (dumpDataDir, plain ustar: directories and
// regular files). Read from the file in small pieces and written straight to disk, so a 40 MB cluster never sits in
// the service's memory (the whole point of reading it here rather than through PGlite's loadDataDir).
import fs from 'node:fs';
import path from 'node:path';

const BLOCK = 512;
const COPY_CHUNK = 1024 * 1024;

/** Writes every directory and file of the ustar archive `file` under `destDir`. Throws on anything else in it. */
export function extractTar(file: string, destDir: string): void {
  const fd = fs.openSync(file, 'r');
  const header = Buffer.alloc(BLOCK);
  const chunk = Buffer.alloc(COPY_CHUNK);
  let offset = 0;
  try {
    fs.mkdirSync(destDir, { recursive: true });
    for (;;) {
      if (fs.readSync(fd, header, 0, BLOCK, offset) < BLOCK || header.every((byte) => byte === 0)) return;
      offset += BLOCK;
      const entry = parseHeader(header);
      const target = safeJoin(destDir, entry.name);
      if (entry.type === 'directory') {
        fs.mkdirSync(target, { recursive: true, mode: entry.mode });
        continue;
      }
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const out = fs.openSync(target, 'w', entry.mode);
      try {
        for (let copied = 0; copied < entry.size; ) {
          const read = fs.readSync(fd, chunk, 0, Math.min(COPY_CHUNK, entry.size - copied), offset + copied);
          if (read === 0) throw new Error(`${file}: ${entry.name} is cut short`);
          fs.writeSync(out, chunk, 0, read);
          copied += read;
        }
      } finally {
        fs.closeSync(out);
      }
      offset += Math.ceil(entry.size / BLOCK) * BLOCK;
    }
  } finally {
    fs.closeSync(fd);
  }
}

interface Entry {
  name: string;
  type: 'file' | 'directory';
  mode: number;
  size: number;
}

function parseHeader(header: Buffer): Entry {
  const text = (start: number, length: number) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
  const octal = (start: number, length: number) => parseInt(text(start, length).trim() || '0', 8);
  const prefix = text(345, 155);
  const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
  const flag = String.fromCharCode(header[156]!);
  if (flag !== '0' && flag !== '\0' && flag !== '5') throw new Error(`unexpected tar entry type '${flag}' for ${name}`);
  return { name, type: flag === '5' ? 'directory' : 'file', mode: octal(100, 8) & 0o777, size: octal(124, 12) };
}

/** `name` inside `root`: the archive's leading '/' is relative to the data folder; '..' never leaves it. */
function safeJoin(root: string, name: string): string {
  const target = path.resolve(root, `.${path.posix.sep}${name.replace(/^\/+/, '')}`);
  if (target !== root && !target.startsWith(`${path.resolve(root)}${path.sep}`))
    throw new Error(`tar entry outside the target: ${name}`);
  return target;
}
