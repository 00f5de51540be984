/**
 * The dashboard's Account dialog against `npm start`: the staff member changes the password, which ends every other
 * session on every endpoint (backup and live stream included). Its session list is walked in sessions.spec.ts.
 * A password change signs out every session of the account, so it is done to an account no other spec signs in with.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { e2eAccountOwner as owner } from '../../support/e2e/accounts.ts';
import { adminStatuses, CLOSED, signInOverHttp, streamStatus, streamTokenOf } from './support/sessions.ts';
import { sectionTab } from './support/dashboard.ts';

// Both tests sign in as the same staff member, and one ends every other session: they run one after the other.
test.describe.configure({ mode: 'default' });

/** Whether `token` still opens the API (one call; sessions.spec.ts walks every endpoint). */
async function opens(request: APIRequestContext, token: string): Promise<boolean> {
  const res = await request.get('/api/admin/stats', { headers: { authorization: `Bearer ${token}` } });
  return res.status() === 200;
}

const NEW_PASSWORD = `${owner.password}-changed`;

/** Puts the password back if the test changed it, so a retry (and another run on the same server) can sign in. */
test.afterEach(async ({ request }) => {
  const changed = await request.post('/api/auth/login', { data: { ...owner, password: NEW_PASSWORD } });
  if (changed.status() !== 200) return;
  const { token } = (await changed.json()) as { token: string };
  const restored = await request.post('/api/admin/account/password', {
    headers: { authorization: `Bearer ${token}` },
    data: { currentPassword: NEW_PASSWORD, newPassword: owner.password },
  });
  expect(restored.status()).toBe(200);
});

test('changes the password: every other session ends, this one goes on', async ({ page, request, baseURL }) => {
  const other = await signInOverHttp(request, owner);
  const otherStream = await streamTokenOf(request, other);

  await page.goto('/samu');
  await page.getByLabel('Username').fill(owner.username);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your account' });
  const sessions = dialog.getByRole('list').getByRole('listitem');
  await expect(dialog.getByText('This browser')).toBeVisible();
  expect(await sessions.count()).toBeGreaterThanOrEqual(2);
  expect(await opens(request, other)).toBe(true);

  await dialog.getByLabel('Current password').fill('not the password');
  await dialog.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByLabel('Current password')).toHaveAccessibleDescription('The current password is not right');
  await dialog.getByLabel('Current password').fill(owner.password);
  // Two argon2id hashes (the current password checked, the new one made): on a busy machine that is seconds, so the
  // toast is looked for once the server has answered.
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/admin/account/password');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.locator('.toast-region').getByRole('status')).toHaveText(/Password changed/);
  await expect(sessions).toHaveCount(1);

  expect(await adminStatuses(request, other)).toEqual(CLOSED);
  expect(await streamStatus(baseURL!, otherStream)).toBe(401);
  expect((await request.post('/api/auth/login', { data: owner })).status()).toBe(401);

  // This browser carries on with the fresh session's token.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await (await sectionTab(page, 'Programs')).click();
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'New program' })).toBeVisible();
  // The live list's stream ended with the old session and came back on the new one.
  await (await sectionTab(page, 'Recent Activity')).click();
  await expect(page.getByText('Activity stream: Live', { exact: true })).toBeVisible();
  const fresh = await page.evaluate(() => localStorage.getItem('adminToken'));
  expect(await opens(request, fresh!)).toBe(true);
});

test('sets the display name replies are signed with, and blank clears it', async ({ page, request }) => {
  await page.goto('/samu');
  await page.getByLabel('Username').fill(owner.username);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your account' });
  const name = dialog.getByLabel('Display name');
  await expect(name).toBeEnabled();
  await expect(name).toHaveAccessibleDescription(/signed “The team at Tumaini Children's Foundation”/);
  await name.fill('Wanjiru Kamau');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  const toasts = page.locator('.toast-region').getByRole('status');
  await expect(toasts.filter({ hasText: 'Replies will be signed "Wanjiru Kamau"' })).toBeVisible();

  const token = await signInOverHttp(request, owner);
  const profile = await request.get('/api/admin/account/profile', { headers: { authorization: `Bearer ${token}` } });
  expect(await profile.json()).toEqual({ profile: { username: owner.username, displayName: 'Wanjiru Kamau' } });

  await name.fill('');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(toasts.filter({ hasText: 'Display name cleared' })).toBeVisible();
});
