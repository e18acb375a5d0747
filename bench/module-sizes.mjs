// Per-module breakdown of the scripts a page fetched, from the build's source maps: which package or folder of ours the
// bytes come from. Each byte of a minified file is attributed to the source its mapping segment names (the stretch up
// to the next segment); bytes no segment covers are "(unmapped)". A module's gzip share is an estimate: the file's
// gzip size split in proportion to raw bytes (gzip does not compress every part equally, but the ranking holds).
import fs from 'node:fs';
import path from 'node:path';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = Object.fromEntries([...BASE64].map((c, i) => [c, i]));

/** Decodes one mapping segment (base64 VLQ) into its numbers. */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT[char];
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** Raw bytes of `code` per source file of its source map `map`. */
export function bytesPerSource(code, map) {
  const lines = code.split('\n');
  const bytes = new Map();
  const add = (source, n) => bytes.set(source, (bytes.get(source) ?? 0) + n);
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const text = lines[index] ?? '';
    // Columns restart at 0 on every line; the source index carries over from line to line.
    let column = 0;
    const segments = line
      ? line.split(',').map((segment) => {
          const [delta, sourceDelta] = decodeSegment(segment);
          column += delta;
          if (sourceDelta !== undefined) source += sourceDelta;
          return { column, source: sourceDelta === undefined ? -1 : source };
        })
      : [];
    if (segments.length === 0 || segments[0].column > 0) add(-1, segments[0]?.column ?? text.length);
    segments.forEach((segment, i) => {
      add(segment.source, (segments[i + 1]?.column ?? text.length) - segment.column);
    });
    if (index < lines.length - 1) add(-1, 1); // the newline
  });
  // Columns count UTF-16 units, and the file is bytes: close enough for a breakdown (the code is nearly all ASCII).
  return new Map([...bytes].map(([index, n]) => [index === -1 ? '(unmapped)' : map.sources[index], n]));
}

/**
 * The group a source belongs to: its npm package (`react-dom`, `@emotion/react`), or our folder two levels down
 * (`src/client`, `src/widget/ui`, `src/widget/products/otps`).
 */
export function groupOf(source) {
  const normalized = source.replaceAll('\\', '/');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(normalized);
  if (inPackage) return inPackage[1];
  const ours = /(?:^|\/)(src\/.*)$/.exec(normalized);
  if (!ours) return normalized;
  const parts = ours[1].split('/');
  const depth = parts[1] === 'widget' && (parts[2] === 'products' || parts[2] === 'machine') ? 4 : 3;
  return parts.length > depth ? parts.slice(0, depth).join('/') : parts.slice(0, -1).join('/') || parts[0];
}

/** Our own file's path from `src/`, or the package file's path from its package folder. */
export function moduleName(source) {
  const normalized = source.replaceAll('\\', '/');
  const inPackage = /node_modules\/(.*)$/.exec(normalized);
  if (inPackage) return inPackage[1];
  return /(?:^|\/)(src\/.*)$/.exec(normalized)?.[1] ?? normalized;
}

/**
 * Every module's estimated share of `files` (each `{ file, raw, gzip }`, `file` a path under `dist`), grouped:
 * `{ groups: [{ group, raw, gzip, modules: [{ module, raw, gzip }] }] }`, largest first.
 */
export function breakdown(dist, files) {
  const modules = new Map();
  for (const f of files) {
    const jsPath = path.join(dist, f.file);
    const mapPath = `${jsPath}.map`;
    if (!fs.existsSync(mapPath)) {
      modules.set(f.file, { module: f.file, group: `${f.file} (no source map)`, raw: f.raw, gzip: f.gzip });
      continue;
    }
    const code = fs.readFileSync(jsPath, 'utf8');
    const perSource = bytesPerSource(code, JSON.parse(fs.readFileSync(mapPath, 'utf8')));
    const total = [...perSource.values()].reduce((a, b) => a + b, 0) || 1;
    for (const [source, raw] of perSource) {
      const module = source === '(unmapped)' ? '(unmapped)' : moduleName(source);
      const entry = modules.get(module) ?? {
        module,
        group: source === '(unmapped)' ? '(unmapped)' : groupOf(source),
        raw: 0,
        gzip: 0,
      };
      entry.raw += (raw / total) * f.raw;
      entry.gzip += (raw / total) * f.gzip;
      modules.set(module, entry);
    }
  }
  const groups = new Map();
  for (const m of modules.values()) {
    const g = groups.get(m.group) ?? { group: m.group, raw: 0, gzip: 0, modules: [] };
    g.raw += m.raw;
    g.gzip += m.gzip;
    g.modules.push(m);
    groups.set(m.group, g);
  }
  const byGzip = (a, b) => b.gzip - a.gzip;
  return [...groups.values()].map((g) => ({ ...g, modules: g.modules.sort(byGzip) })).sort(byGzip);
}
