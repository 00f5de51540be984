/**
 * Phones: at 360, 375 and 414 px no public page and no state of /samu (sign-in, every tab,
 * every create and edit form, a toast) scrolls sideways; the carousel's controls stay on screen; the footer map's
 * controls and credits pass axe's contrast rule; and no page logs a console error (offline map tiles excepted).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { staffToken } from './support/api.ts';
import { sectionTab } from './support/dashboard.ts';

const WIDTHS = [360, 375, 414] as const;

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/children',
  '/sponsor',
  '/donate',
  '/get-involved',
  '/volunteer',
  '/programs',
  '/programs/school-volunteering',
  '/programs/hospital-internships',
  '/contact',
  '/blog',
  '/blog/first-day-at-kibera-hope',
];

/** The lists walked, group by group in the navigation's order. */
const TABS = [
  'Recent Activity',
  'Gifts',
  'Donations',
  'Contacts',
  'Applications',
  'Subscribers',
  'Programs',
  'Blog Posts',
  'Media',
];

/** The content tabs and the noun of their create and edit forms. */
const CONTENT_TABS = [
  { tab: 'Programs', noun: 'program' },
  { tab: 'Blog Posts', noun: 'blog post' },
  { tab: 'Media', noun: 'media item' },
];

/** Map tiles come from the internet, which the test machine may not reach: those failures are expected. */
const OFFLINE_TILES = /tile\.openstreetmap\.org/;

/** Collects console errors and uncaught exceptions of a page, leaving out offline map tiles. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    if (OFFLINE_TILES.test(where) || OFFLINE_TILES.test(message.text())) return;
    errors.push(`${message.text()} (${where})`);
  });
  page.on('pageerror', (failure) => errors.push(failure.message));
  return errors;
}

/** Fails when the page is wider than the screen (it would scroll sideways), naming the widest element. */
async function expectNoSidewaysScroll(page: Page, state: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const culprit = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`)
      .slice(-3);
    return { scrollWidth: document.documentElement.scrollWidth, width, culprit };
  });
  expect(overflow, `${state} scrolls sideways`).toBeNull();
}

// Each page loads once, at the narrowest width, and is then resized to the others (its layout follows the viewport,
// as it does in a browser window being resized): the same checks at every width for a third of the page loads. The
// dashboard below walks the widths the same way.
test('no public page scrolls sideways or logs an error; carousel controls and footer map fit', async ({ page }) => {
  const errors = watchConsole(page);
  for (const path of PUBLIC_PAGES) {
    await page.setViewportSize({ width: WIDTHS[0], height: 760 });
    await page.goto(path);
    await expectNoSidewaysScroll(page, `${path} at ${WIDTHS[0]} px`);
    // Scrolled to the end, every scroll-revealed section and the footer are in place.
    await page.locator('.site-footer').scrollIntoViewIfNeeded();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 760 });
      await expectNoSidewaysScroll(page, `${path} scrolled to the footer at ${width} px`);
    }
  }

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Show the map' }).click();
  const footerMap = page.locator('.site-footer .nairobi-map');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 760 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const controls = await page.locator('.hero-carousel__controls button').all();
    expect(controls.length, 'carousel controls').toBeGreaterThan(0);
    for (const control of controls) {
      const box = (await control.boundingBox())!;
      expect(box.x, `carousel control inside the left edge at ${width} px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `carousel control inside the right edge at ${width} px`).toBeLessThanOrEqual(width);
    }

    await footerMap.scrollIntoViewIfNeeded();
    await expect(footerMap.locator('.leaflet-container')).toBeVisible();
    await expectNoSidewaysScroll(page, `Home with the footer map at ${width} px`);
    await expect(footerMap.locator('.leaflet-control-zoom-in')).toBeVisible();
    await expect(footerMap.locator('.leaflet-control-attribution a').first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page })
      .include('.site-footer .nairobi-map')
      .withRules(['color-contrast'])
      .analyze();
    expect(violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')))).toEqual([]);
  }
  expect(errors, 'console errors').toEqual([]);
});

// One dashboard at a time: each holds a live stream open and fans out calls, so the widths are walked in turn.
test('/samu at 360, 375 and 414 px: sign-in, every tab, every form and a toast fit without errors', async ({
  page,
  request,
}) => {
  // Three widths, each walking the sections through their groups: more steps than one test's usual time allows.
  test.slow();
  const errors = watchConsole(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 760 });
    await walkDashboard(page, request, width);
  }
  expect(errors, 'console errors').toEqual([]);
});

/** Walks /samu at one width: the sign-in form, every tab, every create form, an edit form and a toast. */
async function walkDashboard(page: Page, request: APIRequestContext, width: number): Promise<void> {
  await page.goto('/samu');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  await expectNoSidewaysScroll(page, `sign-in at ${width} px`);

  const token = await staffToken(request);
  // A program to open the edit form on.
  const title = `Narrow screen ${width} ${Date.now()}`;
  const created = await request.post('/api/admin/programs', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      slug: title.toLowerCase().replaceAll(' ', '-'),
      summary: 'Checks the edit form on a phone.',
      content: 'A long address: https://example.org/a/very/long/path/that/does/not/break/anywhere/at/all',
    },
  });
  expect(created.status()).toBe(201);
  await page.evaluate((value) => {
    localStorage.setItem('adminToken', value);
    localStorage.setItem('adminAuth', 'true');
  }, token);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff dashboard' })).toBeVisible();

  for (const name of TABS) {
    await (await sectionTab(page, name)).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    await expect(panel.locator('.table-count')).toHaveText(/shown/);
    await expectNoSidewaysScroll(page, `the ${name} tab at ${width} px`);
  }

  for (const { tab, noun } of CONTENT_TABS) {
    await (await sectionTab(page, tab)).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('button', { name: `New ${noun}` }).click();
    await expect(panel.getByRole('heading', { name: `New ${noun}` })).toBeVisible();
    await expectNoSidewaysScroll(page, `the new ${noun} form at ${width} px`);
    await panel.getByRole('button', { name: 'Cancel' }).click();
  }

  await (await sectionTab(page, 'Programs')).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: `Edit program ${title}` }).click();
  await expect(panel.getByRole('heading', { name: /Edit program/ })).toBeVisible();
  await expectNoSidewaysScroll(page, `the edit program form at ${width} px`);
  await panel.getByRole('button', { name: 'Update program' }).click();
  await expect(page.locator('.toast-region').getByRole('status')).toHaveText(/Updated program/);
  await expectNoSidewaysScroll(page, `a toast at ${width} px`);
}
