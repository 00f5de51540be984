/** With JavaScript off, the phone header lays out in the page flow and never covers the page title. */
import { expect, test } from '@playwright/test';

test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } });

for (const path of ['/about/', '/programs/school-volunteering/', '/contact/']) {
  test(`${path}: the header ends above the page title`, async ({ page }) => {
    // Measured once the page has loaded: before its stylesheet and images are in, the layout is not the final one.
    await page.goto(path);
    const header = await page.locator('header').first().boundingBox();
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(header && title).toBeTruthy();
    expect(header!.y + header!.height).toBeLessThanOrEqual(title!.y);
  });
}
