/**
 * Islands wake on the visitor's first touch (`client:touch`): a page only read fetches at most 5 KB of JavaScript
 * (gzipped) and no framework, loaded, idle and scrolled to its end; the first tap, focus or keystroke inside an island
 * fetches its code, and what that first tap did is kept: an amount chosen, a dialog opened with its choice, words
 * typed, a script-only button's press (replayed once the island is live, not twice).
 */
import { expect, test, type Page } from '@playwright/test';
import { holdScripts, waitForHydration } from '../../support/browser/hydration.ts';
import { gzipTotal, scrollThrough, watchScripts, type ScriptWatch } from '../../support/browser/page-scripts.ts';

/** The most JavaScript (gzipped) a page other than home may fetch before a visitor touches one of its islands. */
const UNTOUCHED_BUDGET = 5 * 1024;

/** Loads `path`, waits until the network is quiet and scrolls to the end: nothing fetched any island's code. */
async function readWithoutTouching(page: Page, path: string): Promise<ScriptWatch> {
  const scripts = watchScripts(page);
  await page.goto(path);
  await scripts.quiet();
  await scrollThrough(page);
  await scripts.quiet();
  const files = await scripts.files();
  expect(
    files.flatMap((file) => (file.framework ? [file.framework] : [])),
    `${path}: frameworks`,
  ).toEqual([]);
  expect(gzipTotal(files), `${path}: gzipped JavaScript before any touch`).toBeLessThanOrEqual(UNTOUCHED_BUDGET);
  await expect(page.locator('astro-island[client="touch"]').first()).toHaveAttribute('ssr');
  return scripts;
}

test('/donate fetches no island code until touched; the first tap on an amount chooses it and the form follows', async ({
  page,
}) => {
  const scripts = await readWithoutTouching(page, '/donate');
  const form = page.locator('form.donation-form');
  await form.getByRole('radio', { name: '$100', exact: true }).click();
  await waitForHydration(page, form);
  expect((await scripts.files()).some((file) => file.framework === 'React')).toBe(true);
  await expect(form.getByRole('radio', { name: '$100', exact: true })).toBeChecked();
  await expect(form.getByRole('button', { name: /^Donate \$100/ })).toBeVisible();
});

test('a program page fetches no island code until touched; the first tap opens the application with its school', async ({
  page,
}) => {
  await readWithoutTouching(page, '/programs/school-volunteering');
  await page.getByRole('button', { name: 'Volunteer here at Kawangware Community Academy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply to Volunteer at a School' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Preferred school')).toHaveValue('Kawangware Community Academy');
  await dialog.getByLabel('Full name').fill('First Tapper');
  await waitForHydration(page, dialog);
  await expect(dialog.getByLabel('Full name')).toHaveValue('First Tapper');
  await expect(dialog.getByLabel('Preferred school')).toHaveValue('Kawangware Community Academy');
});

test('words typed into the contact form while its code is on its way are kept', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/contact', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Send Us a Message' });
  await form.getByLabel('Your Name *').fill('Early Typist');
  await expect(page.locator('astro-island[ssr]', { has: form })).toBeAttached();
  release();
  await waitForHydration(page, form);
  await expect(form.getByLabel('Your Name *')).toHaveValue('Early Typist');
});

test("a script-only button pressed while the island's code is on its way counts once it is live, once", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/blog/first-day-at-kibera-hope', { waitUntil: 'commit' });
  const like = page.getByRole('button', { name: /Like this story/ });
  await expect(like).toContainText('156');
  await like.click();
  await expect(page.locator('astro-island[ssr]', { has: like })).toBeAttached();
  release();
  await waitForHydration(page, like);
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('157');
});
