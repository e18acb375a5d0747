/**
 * Bundles `entry` (default src/server/main.ts) to `outDir/outFile` (default dist-server/main.js) with its migrations.
 */
export function buildServer(options?: { entry?: string; outDir?: string; outFile?: string }): Promise<void>;
