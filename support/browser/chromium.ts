import { existsSync } from 'node:fs';

/**
 * The browser of the Playwright tests: Debian's Chromium headless shell (`apt-get install chromium-headless-shell`),
 * the same Chromium build without a window system, which is what Playwright itself runs for headless Chromium. The
 * browser tests need about 40 % less CPU time with it than with the full browser in headless mode (docs/decisions.md).
 * Playwright never downloads a browser here.
 */
export function testBrowserPath(): string {
  return installed(process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium-headless-shell', 'chromium-headless-shell');
}

/** Debian's full Chromium (`apt-get install chromium`), which Lighthouse needs in `npm run audit`. */
export function chromiumPath(): string {
  return installed(process.env['CHROME_PATH'] ?? '/usr/bin/chromium', 'chromium');
}

function installed(path: string, debianPackage: string): string {
  if (!existsSync(path)) {
    throw new Error(`No browser at ${path}. Install Debian's package: apt-get install -y ${debianPackage}`);
  }
  return path;
}

/** Flags for a closed network: no background calls home that would be refused. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * The browser tests' flags: the closed network's, and V8 without its optimising compilers, as Edge's enhanced
 * security mode runs sites. A test page lives for seconds, so compiling its scripts for speed never pays back: the
 * same JavaScript runs, for about 13 % less browser CPU time (docs/decisions.md). `npm run audit` measures speed with
 * the compilers on.
 */
export const testBrowserArgs = [...chromiumArgs, '--js-flags=--jitless'];
