import { expect, type Locator, type Page } from '@playwright/test';

/** The form holding `inner` (or `inner` itself, when it is a form). */
const formOf = (inner: Locator) => inner.locator('xpath=ancestor-or-self::form[1]');

/**
 * Waits until the script that brings `inner` to life has run: the Astro island holding it has hydrated (Astro drops
 * its `ssr` attribute then), or, outside any island, the plain form holding it has been enhanced by its page script
 * (which marks it `data-enhanced`). `inner` must be found from the page without ancestors outside the island, e.g.
 * `page.getByRole('region', …)`.
 */
export async function waitForHydration(page: Page, inner: Locator, wait: { timeout?: number } = {}): Promise<void> {
  const island = page.locator('astro-island', { has: inner });
  if ((await island.count()) === 0) await expect(formOf(inner)).toHaveAttribute('data-enhanced', wait);
  else await expect(island.last()).not.toHaveAttribute('ssr', wait);
}

/**
 * Reaches into the island holding `inner` as a visitor does, with a press that starts on it (a `pointerdown`, which
 * clicks nothing), then waits until it has hydrated (see {@link waitForHydration}). An island hydrated on the first
 * touch (`client:touch`) stays server-rendered until then; any other island, or a plain form, is only waited for.
 */
export async function touchIsland(page: Page, inner: Locator, wait: { timeout?: number } = {}): Promise<void> {
  const asleep = page.locator('astro-island[client="touch"][ssr]', { has: inner });
  if ((await asleep.count()) > 0) await inner.first().dispatchEvent('pointerdown');
  await waitForHydration(page, inner, wait);
}

/**
 * Checks that the script that brings `inner` to life has not run yet: its island is still server-rendered, or its
 * plain form is not enhanced yet (it still posts natively).
 */
export async function expectNotHydrated(page: Page, inner: Locator): Promise<void> {
  const island = page.locator('astro-island', { has: inner });
  if ((await island.count()) === 0) await expect(formOf(inner)).not.toHaveAttribute('data-enhanced');
  else await expect(page.locator('astro-island[ssr]', { has: inner }).first()).toBeAttached();
}

/**
 * Holds back every script of the page, as a slow phone link does (about 5 s at 400 kbit/s), until the test releases
 * them: however busy the machine, they cannot slip in before the test has typed or clicked. Not for a fixed time,
 * which the test's next wait would have to cover too.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return release;
}
