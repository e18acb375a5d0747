/**
 * Writes a gzipped copy of the embedded database in `dataDir` (service stopped) to `file`; resolves to its
 * migrations.
 */
export function backupDataDir(dataDir: string, file: string): Promise<number>;
/** Writes the backup `file` into the empty or absent `dataDir`; resolves to the number of migrations it holds. */
export function restoreDataDir(file: string, dataDir: string): Promise<number>;
