// Types of test/chromium-setup.mjs (plain JavaScript: test/run-all.mjs runs without a TypeScript loader).
export declare const DEBIAN_CHROMIUM: string;
export declare const NO_CHROMIUM_MESSAGE: string;
export declare function findChromium(
  env?: Record<string, string | undefined>,
  system?: { isExecutable(file: string): boolean },
): string | undefined;
export declare function missingChromiumAction(
  env?: Record<string, string | undefined>,
  system?: { isExecutable(file: string): boolean; uid: number | undefined },
): 'install' | 'stop';
export declare function ensureChromium(): string;
