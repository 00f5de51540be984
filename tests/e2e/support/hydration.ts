import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until the Astro island holding `inner` has hydrated (Astro drops its `ssr` attribute then).
 * `inner` must be found from the page without ancestors outside the island, e.g. `page.getByRole('region', …)`.
 */
export async function waitForHydration(page: Page, inner: Locator): Promise<void> {
  await expect(page.locator('astro-island', { has: inner }).last()).not.toHaveAttribute('ssr');
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
