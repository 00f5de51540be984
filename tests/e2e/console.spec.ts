import { expect, test, type Page } from '@playwright/test';
import { PUBLIC_PAGES } from '../../support/browser/pages.ts';
import { isPublishedFromSamu, publishedStories } from './support/stories.ts';

/** A 1×1 transparent PNG: what the map's tile server answers stands in for it, as no test reaches the internet. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const stories = (await publishedStories())
  .map(({ slug }) => `/blog/${slug}/`)
  .filter((path) => !isPublishedFromSamu(path));

/** Every console error and uncaught page error of `page` from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/**
 * Opens `path` and brings every island to life: scrolled through, then each island that waits for a visitor's touch
 * (`client:touch`) pressed, as a visitor reaching into it does.
 */
async function visitFully(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
  // By uid: a pressed island loses its `ssr` mark, which would shift a list of the waiting ones.
  const waiting = await page
    .locator('astro-island[client="touch"][ssr]')
    .evaluateAll((islands) => islands.map((island) => island.getAttribute('uid')));
  for (const uid of waiting) await page.locator(`astro-island[uid="${uid}"]`).dispatchEvent('pointerdown');
  await expect(page.locator('astro-island[ssr]'), `the islands of ${path}`).toHaveCount(0);
}

const visitors = [
  { name: 'a first-time visitor', storage: {} },
  { name: 'a returning commenter', storage: { commenterName: 'Wanjiru' } },
];

for (const visitor of visitors) {
  test(`every public page and story hydrates with a clean console for ${visitor.name}`, async ({ page }) => {
    test.slow();
    await page.addInitScript((storage) => {
      for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
    }, visitor.storage);
    await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ contentType: 'image/png', body: TILE }));
    const errors = collectErrors(page);
    for (const path of [...PUBLIC_PAGES, ...stories]) await visitFully(page, path);
    expect(errors).toEqual([]);
  });
}
