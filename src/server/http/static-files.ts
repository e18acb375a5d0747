// Static files kept in memory. Serving one from disk cost, per request, up to two realpaths per folder tried,
// two stats and a read (GET /robots.txt answered about a third of GET /healthz's rate). Here a URL path is
// resolved once, and a small file's bytes, ETag and compressed copies are kept with the size and mtime they were
// read at. In development each use checks those with one stat (an edited or rebuilt file is read again at once); in
// production the deployed files do not change under a running process, so nothing is checked.
import fs from 'node:fs';
import type { Encoding } from './static-compression.ts';
import { compress } from './static-compression.ts';

/** Bigger files (source maps, mostly) are read from disk on every request, as before. */
export const MAX_CACHED_FILE_BYTES = 1024 * 1024;
/** Raw and compressed bytes together: dist/ and demo-site/ without their source maps fit several times over. */
const MAX_CACHED_BYTES = 48 * 1024 * 1024;
/** URL paths remembered (many spellings can name one file: `//a`, `/%61`); the oldest is forgotten first. */
const MAX_RESOLVED_PATHS = 1024;

export interface StaticFile {
  readonly file: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly etag: string;
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly encoded: Map<Encoding, Promise<Uint8Array<ArrayBuffer>>>;
  /** Bytes this entry holds (raw and compressed copies made so far), counted in the cache's total. */
  cost: number;
}

/** A weak validator from the file's size and mtime: the same format the service has always sent. */
export function etagOf(stat: { size: number; mtimeMs: number }): string {
  return `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
}

export class StaticFileCache {
  private readonly files = new Map<string, StaticFile>();
  private readonly resolved = new Map<string, string>();
  private bytes = 0;

  /** `revalidate`: stat each cached file on use (development), or trust it for the process's life (production). */
  constructor(private readonly revalidate: boolean) {}

  /** The file a URL path resolved to earlier, if it is still cached and (when revalidating) unchanged. */
  lookup(urlPath: string): StaticFile | null {
    const file = this.resolved.get(urlPath);
    if (file === undefined) return null;
    const entry = this.fresh(file);
    if (!entry) this.resolved.delete(urlPath);
    return entry;
  }

  /** Reads `file` (resolved from `urlPath`, or null for a page found otherwise) into the cache; null if too big. */
  async load(urlPath: string | null, file: string): Promise<StaticFile | null> {
    const entry = this.fresh(file) ?? (await this.read(file));
    if (entry && urlPath !== null) {
      if (this.resolved.size >= MAX_RESOLVED_PATHS) this.resolved.delete(this.resolved.keys().next().value!);
      this.resolved.set(urlPath, file);
    }
    return entry;
  }

  /** The copy of `entry` compressed with `encoding`, made once and counted against the cache's size. */
  encoded(entry: StaticFile, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
    let body = entry.encoded.get(encoding);
    if (!body) {
      body = compress(entry.bytes, encoding);
      entry.encoded.set(encoding, body);
      body.then(
        (out) => {
          if (this.files.get(entry.file) !== entry) return; // dropped meanwhile: nothing to count
          entry.cost += out.length;
          this.account(out.length);
        },
        () => entry.encoded.delete(encoding),
      );
    }
    return body;
  }

  private fresh(file: string): StaticFile | null {
    const entry = this.files.get(file);
    if (!entry || !this.revalidate) return entry ?? null;
    // Synchronous on purpose: a stat of a cached inode takes microseconds, less than a trip through libuv's pool.
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat?.isFile() && stat.size === entry.size && stat.mtimeMs === entry.mtimeMs) return entry;
    this.drop(entry);
    return null;
  }

  private async read(file: string): Promise<StaticFile | null> {
    const stat = await fs.promises.stat(file);
    if (stat.size > MAX_CACHED_FILE_BYTES) return null;
    const bytes = new Uint8Array(await fs.promises.readFile(file));
    // Written while read: the next use sees the new mtime and reads it again.
    const entry: StaticFile = {
      file,
      size: bytes.length,
      mtimeMs: stat.mtimeMs,
      etag: etagOf({ size: bytes.length, mtimeMs: stat.mtimeMs }),
      bytes,
      encoded: new Map(),
      cost: bytes.length,
    };
    const previous = this.files.get(file);
    if (previous) this.drop(previous);
    this.files.set(file, entry);
    this.account(bytes.length);
    return entry;
  }

  private account(added: number): void {
    this.bytes += added;
    // Oldest first (Map order), never the entry just added.
    for (const entry of this.files.values()) {
      if (this.bytes <= MAX_CACHED_BYTES || this.files.size <= 1) break;
      this.drop(entry);
    }
  }

  private drop(entry: StaticFile): void {
    if (this.files.get(entry.file) !== entry) return;
    this.files.delete(entry.file);
    this.bytes -= entry.cost;
  }
}
