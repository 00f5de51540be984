/**
 * Revocable sessions and the audit's bad-input cases over HTTP against `npm start`, and the account
 * dialog's session list with "Sign out everywhere else", done to an account no other spec signs in with.
 * A password change ends every session of the account, so it is proven in staff-account.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { formatNairobi } from '../../src/admin/lib/dates.ts';
import { e2eAdmin, e2eSessionsOwner as owner } from '../../support/e2e/accounts.ts';
import { sectionTab, toast } from './support/dashboard.ts';
import { adminStatuses, CLOSED, OPEN, signInOverHttp, streamStatus, streamTokenOf } from './support/sessions.ts';

/** Signs in through the form in a browser context of its own (its own localStorage), as a second browser would. */
async function signInInNewContext(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/samu');
  await expect(page.getByLabel('Username')).toBeEditable();
  await page.getByLabel('Username').fill(owner.username);
  await page.getByLabel('Password').fill(owner.password);
  // The password check takes its time: wait for the server's answer, then for the dashboard it opens.
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff dashboard' })).toBeVisible();
  return page;
}

/** The status an admin call with `token` gets. */
async function statusOf(request: APIRequestContext, token: string): Promise<number> {
  return (await request.get('/api/admin/stats', { headers: { authorization: `Bearer ${token}` } })).status();
}

/** The token a signed-in page keeps. */
async function tokenOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('adminToken')))!;
}

test('the account dialog names each browser in words with its times, marks this one, and signs out everywhere else', async ({
  browser,
  request,
}) => {
  // The first script session also ends any a retry (or another run on the same server) left open.
  const scripts = [await signInOverHttp(request, owner)];
  const swept = await request.post('/api/admin/account/sessions/end-others', {
    headers: { authorization: `Bearer ${scripts[0]}` },
  });
  expect(swept.status()).toBe(200);
  // Three sessions from scripts, then the other browser, then this one: one more than the list shows at once.
  for (let i = 0; i < 2; i += 1) scripts.push(await signInOverHttp(request, owner));
  const started = Date.now();
  const other = await signInInNewContext(browser);
  const page = await signInInNewContext(browser);
  const otherToken = await tokenOf(other);
  expect(await statusOf(request, otherToken)).toBe(200);

  await page.getByRole('button', { name: 'Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your account' });
  const sessions = dialog.getByRole('list').getByRole('listitem');
  await expect(sessions).toHaveCount(4);
  const current = sessions.nth(0);
  await expect(current).toContainText(/^Chrome on Linux This browser/);
  // The other browser was used after the scripts were, so it comes next: named, with both times, and not marked.
  const second = sessions.nth(1);
  await expect(second).toContainText(/^Chrome on Linux/);
  await expect(second).not.toContainText('This browser');
  for (const session of [current, second]) {
    const [signedIn, lastActive] = [session.locator('time').nth(0), session.locator('time').nth(1)];
    const at = (await signedIn.getAttribute('datetime'))!;
    expect(Date.parse(at)).toBeGreaterThanOrEqual(started - 1_000);
    expect(Date.parse(at)).toBeLessThanOrEqual(Date.now());
    await expect(signedIn).toHaveText(formatNairobi(at));
    await expect(lastActive).toHaveText('just now');
    await expect(session).toContainText(`Signed in ${formatNairobi(at)} · last active just now`);
  }
  // The dialog's own content, checked alone: the page behind it is checked by the dashboard's specs.
  const { violations } = await new AxeBuilder({ page })
    .include('.account-dialog')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);

  await dialog.getByRole('button', { name: 'Show 1 more session' }).click();
  await expect(sessions).toHaveCount(5);
  await expect(dialog.getByText('This browser', { exact: true })).toHaveCount(1);

  await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(toast(page)).toHaveText('Signed out 4 other sessions');
  await expect(sessions).toHaveCount(1);
  await expect(current).toContainText('This browser');
  await expect(dialog.getByText('No other browser is signed in to this account.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

  // The other browser's next request is refused (so are the scripts'), and it is back at the sign-in form.
  expect(await statusOf(request, otherToken)).toBe(401);
  for (const token of scripts) expect(await statusOf(request, token)).toBe(401);
  await other.reload();
  await expect(other.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();

  // This browser goes on.
  expect(await statusOf(request, await tokenOf(page))).toBe(200);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await (await sectionTab(page, 'Programs')).click();
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'New program' })).toBeVisible();
  await page.context().close();
  await other.context().close();
});

test('logout ends its own session on every admin endpoint, backup and live stream included; the other session goes on', async ({
  request,
  baseURL,
}) => {
  const first = await signInOverHttp(request, e2eAdmin);
  const second = await signInOverHttp(request, e2eAdmin);
  const firstStream = await streamTokenOf(request, first);
  const stats = (token: string) => request.get('/api/admin/stats', { headers: { authorization: `Bearer ${token}` } });
  expect((await stats(first)).status()).toBe(200);
  expect(await streamStatus(baseURL!, firstStream)).toBe(200);

  const out = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${first}` } });
  expect(out.status()).toBe(204);
  expect(await adminStatuses(request, first)).toEqual(CLOSED);
  expect(await streamStatus(baseURL!, firstStream)).toBe(401);

  expect(await adminStatuses(request, second)).toEqual(OPEN);
  expect(await streamStatus(baseURL!, await streamTokenOf(request, second))).toBe(200);
  await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${second}` } });
});

test('accepts the bearer scheme in any letter case', async ({ request }) => {
  const token = await signInOverHttp(request, e2eAdmin);
  for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
    const res = await request.get('/api/admin/stats', { headers: { authorization: `${scheme} ${token}` } });
    expect(res.status(), scheme).toBe(200);
  }
  await request.post('/api/auth/logout', { headers: { authorization: `bearer ${token}` } });
});

test('answers 400 naming the field for a NUL byte or a lone surrogate, on public, sign-in and admin endpoints', async ({
  request,
}) => {
  const token = await signInOverHttp(request, e2eAdmin);
  const json = { 'content-type': 'application/json' };
  const cases = [
    {
      res: await request.post('/api/admin/track', {
        headers: json,
        data: '{"type":"contact_submit","payload":{"name":"Ann\\u0000","email":"a@b.org","subject":"s","message":"m"}}',
      }),
      path: 'payload.name',
    },
    {
      res: await request.post('/api/auth/login', { headers: json, data: '{"username":"staff\\ud800","password":"x"}' }),
      path: 'username',
    },
    {
      res: await request.post('/api/admin/programs', {
        headers: { ...json, authorization: `Bearer ${token}` },
        data: '{"title":"T","slug":"nul-test","content":"\\udfff"}',
      }),
      path: 'content',
    },
  ];
  for (const { res, path } of cases) {
    expect(res.status(), path).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Invalid characters in request',
      issues: [{ path, message: 'Text must not contain NUL characters or unpaired surrogates' }],
    });
  }
  await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
});

// The local server replaces a client's X-Forwarded-For with the socket's address (functions-dev makes context.ip of it).
test('a spoofed X-Forwarded-For does not escape the login throttle', async ({ request }) => {
  const username = `spoof-${Date.now()}`;
  for (let i = 0; i < 5; i += 1) {
    const res = await request.post('/api/auth/login', {
      data: { username, password: 'wrong' },
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
    });
    expect(res.status()).toBe(401);
  }
  const sixth = await request.post('/api/auth/login', {
    data: { username, password: 'wrong' },
    headers: { 'x-forwarded-for': '203.0.113.200' },
  });
  expect(sixth.status()).toBe(429);
});
