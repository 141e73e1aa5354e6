// Debian's Chromium as every test and bench starts it: headless on a machine with no GPU, no
// sandbox (CI runs as root) and nothing of its own on the network (README, "Tests").

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The same flags for a tool that starts Chromium itself (Lighthouse's `--chrome-flags`). */
export const HEADLESS_CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
