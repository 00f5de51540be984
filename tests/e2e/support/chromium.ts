import { existsSync } from 'node:fs';

/** Debian's Chromium (`apt-get install chromium`); Playwright never downloads a browser of its own here. */
export function chromiumPath(): string {
  const path = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}. Install Debian's package: apt-get install -y chromium`);
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
