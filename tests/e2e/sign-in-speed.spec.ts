/**
 * What a staff member waits for on /samu (issue 13): from pressing Sign in to the counts showing, through the local
 * server with warm functions. The figure is printed for the closing note; the test asserts the counts arrive.
 */
import { expect, test } from '@playwright/test';
import { e2eAdmin } from './support/admin.ts';

test('shows the counts right after Sign in, and reports how long that took', async ({ page, request }) => {
  // Start the two functions involved, as any earlier visitor would have (an unknown user costs no throttle).
  await request.post('/api/auth/login', { data: { username: 'warm-up', password: 'warm-up-password' } });
  await request.get('/api/admin/stats');

  await page.goto('/samu');
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password').fill(e2eAdmin.password);
  const started = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  const counts = page.getByRole('region', { name: 'Counts' });
  await expect(counts.getByRole('definition').first()).toHaveText(/^\d+$/);
  const elapsed = Date.now() - started;

  console.log(`sign-in speed: Sign in pressed → counts shown in ${elapsed} ms`);
  test.info().annotations.push({ type: 'Sign in → counts', description: `${elapsed} ms` });
});
