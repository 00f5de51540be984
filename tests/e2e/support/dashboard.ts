/** Opening the /samu dashboard in a browser test: signed in, on a tab, and its notification. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { staffToken } from './api.ts';
import { GROUPS } from '../../../src/admin/nav.ts';

/** Stores `token` exactly as the sign-in form does, then reloads the dashboard. */
export async function plantToken(page: Page, token: string): Promise<void> {
  await page.goto('/samu');
  // Wait for the island: it reads the keys once, when it starts, and must not start after they are planted.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate((value) => {
    localStorage.setItem('adminToken', value);
    localStorage.setItem('adminAuth', 'true');
  }, token);
  await page.reload();
}

/**
 * Opens the dashboard as a signed-in staff member. The sign-in form itself is walked in its own tests; the others
 * reuse one token per worker, stored exactly as the form stores it.
 */
export async function signIn(page: Page, request: APIRequestContext): Promise<void> {
  await plantToken(page, await staffToken(request));
  await expect(page.getByRole('heading', { level: 1, name: 'Staff dashboard' })).toBeVisible();
}

/** The name of the group that holds the section called `name` (its tab is in the groups row). */
export function groupOfSection(name: string): string {
  const group = GROUPS.find((candidate) => candidate.sections.some((section) => section.label === name));
  if (!group) throw new Error(`No dashboard section is called ${name}`);
  return group.label;
}

/** The tab of the section called `name`, shown by choosing its group first when another group is shown. */
export async function sectionTab(page: Page, name: string): Promise<Locator> {
  const tab = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab', { name, exact: true });
  if (!(await tab.isVisible())) {
    await page
      .getByRole('tablist', { name: 'Dashboard groups' })
      .getByRole('tab', { name: groupOfSection(name), exact: true })
      .click();
  }
  return tab;
}

/** Selects a dashboard section (its group, then its tab) and returns its panel. */
export async function openTab(page: Page, name: string): Promise<Locator> {
  await (await sectionTab(page, name)).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  return panel;
}

/** The text of the one notification (its live region). */
export function toast(page: Page): Locator {
  return page.locator('.toast-region').getByRole('status');
}
