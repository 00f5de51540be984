/** The inbox of /samu in browser tests: signing in through the form as a staff member of the test's own, and its lines. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { staffToken } from './api.ts';

/** The inbox's line of one item (not the kind's card that holds it). */
export function itemLine(inbox: Locator, text: string): Locator {
  return inbox
    .getByRole('listitem')
    .filter({ hasText: text })
    .filter({ hasNot: inbox.page().getByRole('listitem') });
}

/** Signs in through the form as `account` (a staff member of its own, whose last visit no other spec moves); the inbox. */
export async function signInToInbox(page: Page, account: { username: string; password: string }): Promise<Locator> {
  await page.goto('/samu');
  await expect(page.getByLabel('Username')).toBeEditable();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff dashboard' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Inbox', exact: true })).toHaveAttribute('aria-selected', 'true');
  const inbox = page.getByRole('tabpanel');
  await expect(inbox.getByRole('heading', { level: 2, name: 'New and to do' })).toBeVisible();
  await expect(inbox.getByRole('heading', { name: 'Arrived since Monday' })).toBeVisible();
  return inbox;
}

/** Records a cash gift as another staff member would, from the Gifts tab's form. */
export async function recordGift(request: APIRequestContext, donorName: string, amount: number): Promise<void> {
  const recorded = await request.post('/api/admin/gifts', {
    headers: { authorization: `Bearer ${await staffToken(request)}` },
    data: { amount, currency: 'KES', method: 'cash', cause: 'education', donorName },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
}
