import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until the Astro island holding `inner` has hydrated (Astro drops its `ssr` attribute then).
 * `inner` must be found from the page without ancestors outside the island, e.g. `page.getByRole('region', …)`.
 */
export async function waitForHydration(page: Page, inner: Locator): Promise<void> {
  await expect(page.locator('astro-island', { has: inner }).last()).not.toHaveAttribute('ssr', { timeout: 15_000 });
}
