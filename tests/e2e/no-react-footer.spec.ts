/**
 * No framework before it is needed: the footer on every public page (the newsletter form, the office map) fetches
 * neither React nor Leaflet, once loaded, after a visitor has scrolled to it, nor after subscribing. A page then fetches
 * no framework at all, even scrolled to its end, whether it has an island of its own (About's team, Volunteer's
 * roles: they wait for a visitor's touch) or not. The map, with React and Leaflet, comes
 * when the visitor presses "Show the map". Script files are told apart by what they hold, not by their names.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { waitForHydration } from '../../support/browser/hydration.ts';
import { mailTo } from './support/mailbox.ts';
import { scrollThrough, watchScripts, type Framework, type ScriptWatch } from '../../support/browser/page-scripts.ts';

/** Pages whose content has no island; and those with one, with the framework that island needs once touched. */
const PAGES: { path: string; ownIsland?: Framework }[] = [
  { path: '/blog' },
  { path: '/privacy' },
  { path: '/about', ownIsland: 'React' },
  { path: '/volunteer', ownIsland: 'React' },
];

/** The frameworks among the script files fetched so far. */
async function frameworks(scripts: ScriptWatch): Promise<Framework[]> {
  await scripts.quiet();
  const found = (await scripts.files()).flatMap((file) => (file.framework ? [file.framework] : []));
  return [...new Set(found)].sort();
}

/** Subscribes `email` with the footer form; returns once the server accepted it and its confirmation was mailed. */
async function subscribe(page: Page, email: string): Promise<void> {
  const footer = page.getByRole('contentinfo');
  const form = footer.locator('form.newsletter');
  await waitForHydration(page, form);
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('button', { name: 'Check your inbox' })).toBeVisible();
  await mailTo(email, (mail) => /confirm your subscription/i.test(mail.subject));
}

for (const { path, ownIsland } of PAGES) {
  test(`${path}: the footer fetches no React or Leaflet, scrolled to and used; the whole page ${ownIsland ? 'no framework until its island is touched' : 'no framework'}`, async ({
    page,
  }) => {
    const scripts = watchScripts(page);
    await page.goto(path);
    expect(await frameworks(scripts), 'once loaded').toEqual([]);

    // Straight to the footer, past the page's own content.
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole('img', { name: /street map of Westlands/i })).toBeVisible();
    expect(await frameworks(scripts), 'with the footer in view').toEqual([]);

    await subscribe(page, `footer-${randomBytes(4).toString('hex')}@example.org`);
    expect(await frameworks(scripts), 'after subscribing').toEqual([]);

    // Then the whole page, top to bottom, as a reader scrolls it.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await scrollThrough(page);
    expect(await frameworks(scripts), 'after a full scroll').toEqual([]);
    await expect(footer.locator('astro-island')).toHaveCount(0);
  });
}

test('"Show the map" loads React and Leaflet on its first press and draws the map with its marker', async ({
  page,
}) => {
  // Tiles come from the internet, which tests never reach: the map says so and still shows the office.
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  const scripts = watchScripts(page);
  await page.goto('/blog');
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  expect(await frameworks(scripts)).toEqual([]);

  await footer.getByRole('button', { name: 'Show the map' }).click();
  const map = footer.getByRole('region', { name: /Map of Nairobi/ });
  await expect(map.locator('.leaflet-container')).toBeVisible();
  await expect(map.locator('.leaflet-interactive')).toBeVisible();
  await expect(map.getByText('Map images could not load; the marker shows our office.')).toBeVisible();
  expect(await frameworks(scripts)).toEqual(['Leaflet', 'React']);
  await expectNoAxeViolations(page);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the footer shows the picture, the address and a link to a maps site, and no button that could not work', async ({
    page,
  }) => {
    await page.goto('/privacy');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('img', { name: /street map of Westlands/i })).toBeVisible();
    await expect(footer.getByText('Westlands, Nairobi, Kenya')).toBeVisible();
    await expect(footer.getByRole('link', { name: /Open in a map/ })).toHaveAttribute('href', /^https:\/\//);
    await expect(footer.getByRole('button', { name: 'Show the map' })).toBeHidden();
  });
});
