/**
 * Every word visitors read is editable in /samu: staff change the office phone number in Site settings and, after the
 * rebuild, the contact page and the footer of every page show it (a number in another form is refused beside the
 * field); staff correct a story that shipped with the site, its title and its address, and after the rebuild the old
 * address answers 301 to the new one. These change what every page shows, so they run in the samu-records project,
 * after the specs that read the shipped values (playwright.config.ts); the phone number is put back at the end.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openTab, signIn, toast } from './support/dashboard.ts';

test.describe.configure({ mode: 'serial' });

/** A rebuild takes tens of seconds on a busy machine (npm start rebuilds the whole site); wait for it, no longer. */
const REBUILD_MS = 60_000;

const SHIPPED_PHONE = '+254 712 345 678';

/** The built HTML of a public page, fetched fresh. */
async function html(page: Page, path: string): Promise<string> {
  return (await page.request.get(path)).text();
}

/** Waits for the rebuild after which `path` holds `needle`. */
async function untilBuilt(page: Page, path: string, needle: string): Promise<void> {
  await expect
    .poll(async () => (await html(page, path)).includes(needle), { timeout: REBUILD_MS, intervals: [1000] })
    .toBe(true);
}

/** Saves `phone` as the office phone in Site settings and waits for the save's answer. */
async function savePhone(page: Page, phone: string): Promise<void> {
  const panel = await openTab(page, 'Site settings');
  const field = panel.getByRole('textbox', { name: 'Office phone' });
  await field.fill(phone);
  await panel.getByRole('button', { name: 'Save site settings' }).first().click();
  await expect(toast(page)).toHaveText('Site settings saved: the site is being rebuilt');
}

test('staff change the office phone in Site settings, and the contact page and every footer show it after the rebuild', async ({
  page,
  request,
}) => {
  test.setTimeout(3 * REBUILD_MS);
  await signIn(page, request);
  const panel = await openTab(page, 'Site settings');
  const field = panel.getByRole('textbox', { name: 'Office phone' });
  await expect(field).toHaveValue(SHIPPED_PHONE);
  await expect(panel.getByText('As shipped with the site: not changed here yet.')).toBeVisible();
  await expectNoAxeViolations(page);

  // A number visitors could not call is refused beside the field, and nothing is saved.
  await field.fill('0712 345');
  await panel.getByRole('button', { name: 'Save site settings' }).first().click();
  await expect(panel.getByRole('alert')).toContainText('Not saved: one field needs a change');
  await expect(field).toHaveAccessibleDescription(/Write the phone number as \+254 followed by 9 digits/);

  const phone = '+254 733 100 200';
  await savePhone(page, phone);
  await expect(panel.getByText(/^Live: the public pages show these settings\.$/)).toBeVisible({ timeout: REBUILD_MS });
  await untilBuilt(page, '/contact/', phone);

  await page.goto('/contact/');
  await expect(page.getByRole('main')).toContainText(`WhatsApp at ${phone}`);
  await expect(page.getByRole('contentinfo')).toContainText(phone);
  await page.goto('/about/');
  await expect(page.getByRole('contentinfo')).toContainText(phone);
  await expect(page.getByRole('contentinfo')).not.toContainText(SHIPPED_PHONE);

  // Put the shipped number back for every later run of the specs that expect it.
  await page.goto('/samu');
  await savePhone(page, SHIPPED_PHONE);
  await untilBuilt(page, '/contact/', `WhatsApp at ${SHIPPED_PHONE}`);
});

test("staff correct a shipped story's title and address, and after the rebuild the old address redirects to the new", async ({
  page,
  request,
}) => {
  test.setTimeout(2 * REBUILD_MS);
  const shipped = 'coding-club-kawangware';
  const corrected = 'coding-club-opens-in-kawangware';
  const title = 'Hello, World: A Coding Club Opens in Kawangware';
  await signIn(page, request);
  const panel = await openTab(page, 'Blog Posts');
  // The stories that shipped with the site are listed as such, and counted on the overview.
  const row = panel.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('As shipped with the site');
  await expect(row.getByRole('link', { name: /^Live/ })).toHaveAttribute('href', `/blog/${shipped}/`);

  await panel.getByRole('button', { name: `Edit blog post ${title}` }).click();
  await expect(panel.getByText('As shipped with the site: the picture stays')).toBeVisible();
  await panel.getByRole('textbox', { name: /^Title/ }).fill('Hello, World: A Coding Club Opens in Kawangware!');
  await panel.getByRole('textbox', { name: /^Slug/ }).fill(corrected);
  await panel.getByRole('button', { name: 'Update blog post' }).click();
  await expect(toast(page)).toHaveText(/Updated blog post/);
  const edited = panel.getByRole('row').filter({ hasText: `${title}!` });
  await expect(edited).toContainText('Written or edited here');
  await expect(edited.getByRole('link', { name: /^Live/ })).toHaveAttribute('href', `/blog/${corrected}/`, {
    timeout: REBUILD_MS,
  });

  const moved = await page.request.get(`/blog/${shipped}/`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(new URL(moved.headers()['location'] ?? '', page.url()).pathname).toBe(`/blog/${corrected}/`);
  await page.goto(`/blog/${shipped}/`);
  await expect(page).toHaveURL(new RegExp(`/blog/${corrected}/$`));
  await expect(page.getByRole('heading', { level: 1, name: `${title}!` })).toBeVisible();
  // The cover it shipped with stays.
  const cover = page.getByRole('img', { name: 'Illustration of a laptop with children beside it in morning light' });
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
});
