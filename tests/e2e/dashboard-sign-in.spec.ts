/**
 * Signing in to the staff dashboard at /samu and out of it, in Chromium against `npm start`: a wrong password and a
 * network failure on the way, every tab by mouse and keyboard, an expired, garbage or refused token, logout; and
 * public pages that load none of the dashboard's code.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { e2eAdmin } from '../../support/e2e/accounts.ts';
import { openTab, plantToken } from './support/dashboard.ts';
import { expectNoAxeViolations } from './support/axe.ts';

// One worker for this file, in order: the dashboard holds a live stream open and fans out calls.
test.describe.configure({ mode: 'default' });

/** Every list, group by group in the navigation's order. */
const TAB_NAMES = [
  'Recent Activity',
  'Gifts',
  'Donations',
  'Contacts',
  'Applications',
  'Subscribers',
  'Children',
  'Programs',
  'Blog Posts',
  'Events',
  'Media',
  'Team',
];
/** The groups the sections are in. */
const GROUP_NAMES = ['Inbox', 'Money', 'People', 'Children & sponsors', 'Website', 'Settings'];
/** A tab's text: its name, then how many of its rows are new for this staff member, if any. */
const tabText = (name: string) => new RegExp(`^${name}(\\d+ new)?$`);
const SESSION_EXPIRED = 'Your session has expired, please sign in again.';

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.${Buffer.from('forged').toString('base64url')}`;
}

async function storedKeys(page: Page): Promise<(string | null)[]> {
  return page.evaluate(() => [localStorage.getItem('adminToken'), localStorage.getItem('adminAuth')]);
}

test('signs in after a wrong password and a network failure, then shows every tab by mouse and keyboard', async ({
  page,
}) => {
  await page.goto('/samu');
  await expect(page).toHaveTitle('Staff dashboard');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password').fill('not-the-password-123');
  // Hold the answer back long enough to see the waiting state.
  await page.route('**/api/auth/login', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  await page.unroute('**/api/auth/login');
  expect(await storedKeys(page)).toEqual([null, null]);

  await page.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Password').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed');
  await page.unroute('**/api/auth/login');

  await page.getByLabel('Password').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff dashboard' })).toBeVisible();
  const [token, flag] = await storedKeys(page);
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(flag).toBe('true');

  await expect(page.getByRole('link', { name: 'View Site' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  const counts = page.getByRole('region', { name: 'Counts' });
  for (const name of TAB_NAMES) {
    await expect(counts.getByRole('definition').nth(TAB_NAMES.indexOf(name))).toHaveText(/^\d+$/);
  }
  await expect(page.getByText('Activity stream: Live', { exact: true })).toBeVisible();

  // The groups, then the sections of the group shown: the inbox first.
  await expect(page.getByRole('tablist', { name: 'Dashboard groups' }).getByRole('tab')).toHaveText(
    GROUP_NAMES.map(tabText),
  );
  await expect(page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab')).toHaveText(
    ['New and to do', 'Recent Activity'].map(tabText),
  );
  for (const name of TAB_NAMES) {
    const panel = await openTab(page, name);
    await expect(panel.getByRole('searchbox')).toBeVisible();
    // The list's own scrolling frame is the panel's last region (Gifts shows its commitments above it).
    await expect(panel.getByRole('region').last()).toHaveCSS('max-height', '520px');
  }

  // The keyboard moves between the sections of a group, and between the groups.
  await openTab(page, 'Applications');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Subscribers' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Subscribers' })).toHaveAttribute('aria-selected', 'true');
  const lastTab = page.getByRole('tab', { name: 'Privacy', exact: true });
  await page.keyboard.press('End');
  await expect(lastTab).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Contacts' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(lastTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Contacts' })).toBeFocused();
  await page.getByRole('tab', { name: 'People', exact: true }).focus();
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Inbox', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Money', exact: true })).toHaveAttribute('aria-selected', 'true');
  // A group opens on the section last shown in it.
  await expect(page.getByRole('tab', { name: 'Donations', exact: true })).toHaveAttribute('aria-selected', 'true');
  await openTab(page, 'Recent Activity');
  await expect(
    page
      .getByRole('tabpanel')
      .getByText(/ signed in$/)
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Usable on a phone: nothing wider than the screen but the tables, which scroll inside themselves.
  await page.setViewportSize({ width: 390, height: 844 });
  await openTab(page, 'Applications');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport();
  await expectNoAxeViolations(page);
});

test('an expired, garbage or refused token returns to sign-in; logout clears both keys', async ({ page }) => {
  const now = Math.floor(Date.now() / 1000);
  for (const token of [jwt({ sub: e2eAdmin.username, exp: now - 60 }), 'garbage']) {
    await plantToken(page, token);
    await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
    await expect(page.getByText(SESSION_EXPIRED)).toBeVisible();
    expect(await storedKeys(page)).toEqual([null, null]);
  }

  // Unexpired as far as the browser can tell, but the server refuses its signature: the first 401 signs out.
  await plantToken(page, jwt({ sub: e2eAdmin.username, exp: now + 3600 }));
  await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
  await expect(page.getByText(SESSION_EXPIRED)).toBeVisible();
  expect(await storedKeys(page)).toEqual([null, null]);

  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff dashboard' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
  await expect(page.getByText(SESSION_EXPIRED)).toHaveCount(0);
  expect(await storedKeys(page)).toEqual([null, null]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
});

test('public pages load none of the dashboard code', async ({ page }) => {
  const scripts = async (path: string): Promise<Map<string, string>> => {
    const urls = new Set<string>();
    const onResponse = (response: Response) => {
      if (response.request().resourceType() === 'script') urls.add(response.url());
    };
    page.on('response', onResponse);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    // Each body is asked of the server again: Chromium may already have dropped one it ran from its buffer, and
    // reading it from there then fails (seen once in a full run).
    const bodies = [...urls].map(async (url) => [url, await (await page.request.get(url)).text()] as const);
    return new Map(await Promise.all(bodies));
  };
  const admin = await scripts('/samu');
  expect([...admin.values()].some((body) => body.includes('adminToken'))).toBe(true);
  for (const path of ['/', '/about', '/does-not-exist']) {
    for (const [url, body] of await scripts(path)) {
      expect(body.includes('adminToken') || body.includes('Staff sign in'), `${path} loads ${url}`).toBe(false);
    }
  }
});
