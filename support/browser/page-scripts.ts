/**
 * The JavaScript a page makes the browser fetch, as a visitor meets it: which script files arrive, how many bytes
 * they weigh gzipped, and whether one of them is a framework (React or Leaflet), known by what the file holds rather
 * than by its name. Used by the browser tests and by `npm run audit`.
 */
import { gzipSync } from 'node:zlib';
import { expect, type Page, type Request } from '@playwright/test';

/** What a fetched script file turned out to hold. */
export type ScriptFile = { url: string; gzipBytes: number; framework: Framework | undefined };

/** The frameworks a public page should fetch only when it needs them. */
export type Framework = 'React' | 'Leaflet';

/**
 * Strings only the frameworks' own code carries: React DOM's devtools hook and its error pages, React's element
 * symbol; Leaflet's link to its own site (its attribution). Not class names such as `leaflet-container`, which code
 * that merely looks for a map may hold.
 */
const SIGNATURES: readonly [Framework, RegExp][] = [
  ['React', /__REACT_DEVTOOLS_GLOBAL_HOOK__|react\.dev\/errors|react\.transitional\.element/],
  ['Leaflet', /leafletjs\.com/],
];

/** Which framework a script's source is, if any. */
export function frameworkOf(source: string): Framework | undefined {
  return SIGNATURES.find(([, signature]) => signature.test(source))?.[0];
}

/** What {@link watchScripts} reports. */
export type ScriptWatch = {
  /** Every script file fetched so far. */
  files: () => Promise<ScriptFile[]>;
  /**
   * Waits until the page has had no request in flight for half a second: Playwright's `networkidle`, usable again
   * after the first load (after a scroll or a click).
   */
  quiet: () => Promise<void>;
};

/** Watches `page` from now on: the script files it fetches, and its requests in flight. */
export function watchScripts(page: Page): ScriptWatch {
  const reading: Promise<ScriptFile | undefined>[] = [];
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    lastChange = Date.now();
  });
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reading.push(
      response
        .body()
        .then((body) => ({
          url: response.url(),
          gzipBytes: gzipSync(body).length,
          framework: frameworkOf(body.toString('utf8')),
        }))
        .catch(() => undefined),
    );
  });
  return {
    files: async () => (await Promise.all(reading)).filter((file): file is ScriptFile => file !== undefined),
    quiet: () =>
      expect
        .poll(() => inFlight.size === 0 && Date.now() - lastChange >= 500, { intervals: [100], timeout: 15_000 })
        .toBe(true),
  };
}

/** Total gzipped bytes of `files`. */
export function gzipTotal(files: readonly ScriptFile[]): number {
  return files.reduce((total, file) => total + file.gzipBytes, 0);
}

/**
 * Scrolls to the end of the page a screen at a time, as a reader does, so everything that waits to be seen (lazy
 * pictures, islands that load when visible) is seen; each step waits for the browser to paint.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight * 0.8) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await frame();
    }
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    await frame();
  });
}
