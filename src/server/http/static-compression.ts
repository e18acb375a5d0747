// Compressed copies of static files (the bundles and the site's pages), made once per file version and kept in memory.
// The widget bundle is 330 KB raw and about 100 KB compressed: on a phone's connection that is most of its load time.
// Only static files are compressed; API responses are small and go out as they are.
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Types worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg\+xml)/;
/** Below this, compression saves less than the headers it costs. */
const MIN_BYTES = 1024;
/** Enough for every file of dist/ and demo-site/ several times over; the oldest versions are dropped first. */
const MAX_ENTRIES = 256;

export type Encoding = 'br' | 'gzip';

const cache = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** The encoding to answer with, from the request's Accept-Encoding (brotli preferred), or null for none. */
export function chooseEncoding(acceptEncoding: string | undefined, contentType: string, size: number): Encoding | null {
  if (!acceptEncoding || size < MIN_BYTES || !COMPRESSIBLE.test(contentType)) return null;
  const offered = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (offered.has('br')) return 'br';
  if (offered.has('gzip')) return 'gzip';
  return null;
}

/** `raw` compressed with `encoding` at the strongest level: done once per file version, so size beats speed. */
export async function compress(raw: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  const out =
    encoding === 'br'
      ? await brotli(raw, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : await gzip(raw, { level: 9 });
  return new Uint8Array(out);
}

/** The file's bytes compressed with `encoding`, computed once per version (`key` changes when the file does). */
export function compressed(
  key: string,
  encoding: Encoding,
  bytes: () => Promise<Uint8Array>,
): Promise<Uint8Array<ArrayBuffer>> {
  const id = `${encoding}\n${key}`;
  let entry = cache.get(id);
  if (!entry) {
    entry = bytes().then((raw) => compress(raw, encoding));
    entry.catch(() => cache.delete(id));
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(id, entry);
  }
  return entry;
}
