/** The element's package.json made from the root's: its entries and metadata, and no dependency of any kind. */
export function elementManifest(rootManifest: Record<string, unknown>): Record<string, unknown>;
/** Every import specifier (static, re-export, literal `import()`) in built JavaScript that is not relative. */
export function bareSpecifiers(code: string): string[];
export interface PackedElement {
  /** Absolute path of `auth-login-<version>.tgz`. */
  tarball: string;
  /** Bytes of the tarball (gzip), of its files unpacked, and its file count, as `npm pack --json` reports them. */
  size: number;
  unpackedSize: number;
  entryCount: number;
  /** The tarball's files, relative to the package (package.json included). */
  files: string[];
  manifest: Record<string, unknown>;
  /** `auth-login-<version>-sourcemaps.tgz` beside it: the maps the package leaves out (null when there are none). */
  sourcemaps: { tarball: string; size: number; files: number } | null;
  /** The staging folder, with `keepStaging`; else it is removed. */
  staging: string | null;
}
/** Stages the element (the root's `files`, a generated package.json) and packs it into `destination`. */
export function packElement(options?: { destination?: string; keepStaging?: boolean }): PackedElement;
