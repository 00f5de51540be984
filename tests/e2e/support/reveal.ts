import { expect, type Page } from '@playwright/test';

/** Scrolls through the page so every scroll-reveal section is shown (as a reader would), then back to the top. */
export async function revealAll(page: Page): Promise<void> {
  for (const section of await page.locator('main [data-reveal]').all()) {
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveClass(/\bis-revealed\b/);
  }
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  // Let the fade-in finish so colour contrast is measured on the final colours.
  await page.waitForTimeout(700);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}
