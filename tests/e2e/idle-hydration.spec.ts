/**
 * Islands that hydrate when the browser is idle (`client:idle`, only the home carousel, which moves by itself) carry a
 * deadline (src/lib/hydration.ts): a busy phone may put idle callbacks off for a long time, and the carousel must
 * still come alive.
 */
import { expect, test } from '@playwright/test';

/** Every page with a `client:idle` island. */
const PAGES = ['/'];

test('every island that waits for an idle moment hydrates by its deadline on a browser that is never idle', async ({
  page,
}) => {
  await page.addInitScript(() => {
    // Idle callbacks run only through their deadline (at once, to keep the test short); the deadlines are kept.
    const deadlines: number[] = [];
    Object.assign(window, { idleDeadlines: deadlines });
    window.requestIdleCallback = (callback, options) => {
      if (options?.timeout !== undefined) {
        deadlines.push(options.timeout);
        setTimeout(() => callback({ didTimeout: true, timeRemaining: () => 0 }), 0);
      }
      return 0;
    };
  });
  for (const path of PAGES) {
    await page.goto(path);
    const islands = page.locator('astro-island[client="idle"]');
    await expect(islands.first(), path).toBeAttached();
    await expect(page.locator('astro-island[client="idle"][ssr]'), path).toHaveCount(0);
    const deadlines = await page.evaluate(() => (window as unknown as { idleDeadlines: number[] }).idleDeadlines);
    expect(deadlines, path).toHaveLength(await islands.count());
    for (const deadline of deadlines) expect(deadline, path).toBeLessThanOrEqual(2_000);
  }
});
