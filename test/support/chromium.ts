// How every test launches Chromium: Debian's build (never a downloaded one), with the flags this machine's closed
// network needs (background networking otherwise fails loudly at every start).
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
