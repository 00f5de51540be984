/**
 * Security in the browser and over HTTP against `npm start`: every page's Content-Security-Policy (hashes, never
 * 'unsafe-inline'), zero CSP violations while every page, island and dialog is used and while /samu is walked,
 * the headers of API answers, revocable sessions on every admin endpoint, and the bad-input cases.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../support/e2e/accounts.ts';
import { sectionTab } from './support/dashboard.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const tag = () => randomBytes(4).toString('hex');

/** The pages of the sitemap, plus the dashboard and a missing page (the 404 page). */
async function allPages(request: APIRequestContext): Promise<string[]> {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const paths: string[] = [];
  for (const [, sitemap] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = await (await request.get(new URL(sitemap!).pathname)).text();
    for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) paths.push(new URL(loc!).pathname);
  }
  return [...paths, '/samu', '/no-such-page'];
}

/** The policy of a page's `<meta http-equiv="content-security-policy">`. */
function metaPolicy(html: string): string | undefined {
  return /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(html)?.[1];
}

/** Collects CSP violations of `page` (the DOM event, in every document it loads, and Chromium's console report). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => void seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  return seen;
}

/**
 * Scrolls through the page as a visitor would (every lazy image loads), then presses into each island still waiting
 * for a touch (`client:touch`), as a visitor reaching into it does, then waits until every island has hydrated.
 */
async function hydrateAll(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y <= document.documentElement.scrollHeight; y += 300) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  });
  // By uid: a pressed island loses its `ssr` mark, which would shift a list of the waiting ones.
  const waiting = await page
    .locator('astro-island[client="touch"][ssr]')
    .evaluateAll((islands) => islands.map((island) => island.getAttribute('uid')));
  for (const uid of waiting) await page.locator(`astro-island[uid="${uid}"]`).dispatchEvent('pointerdown');
  // Every island that can hydrate does so within the time allowed; one that stays server-rendered cannot break the
  // policy either, so the walk goes on without it.
  await expect
    .poll(() => page.locator('astro-island[ssr]').count())
    .toBe(0)
    .catch(() => undefined);
}

/**
 * Clicks one button of each kind on the page (kind: its island and first words), closing any dialog it opens and
 * returning to the page if it navigated, so every island and dialog runs under the policy.
 */
async function useEveryControl(page: Page, path: string): Promise<number> {
  const url = page.url();
  const kinds = await page.locator('button').evaluateAll((buttons) =>
    buttons.map((button, index) => {
      const island = button.closest('astro-island')?.getAttribute('component-url') ?? 'static';
      const words = (button.textContent ?? '').trim().split(/\s+/).slice(0, 2).join(' ');
      return { index, kind: `${island} ${words}` };
    }),
  );
  const firstOfKind = [...new Map(kinds.map((entry) => [entry.kind, entry.index])).values()];
  let dialogs = 0;
  for (const index of firstOfKind) {
    const button = page.locator('button').nth(index);
    if (!(await button.isVisible()) || !(await button.isEnabled())) continue;
    await button.click({ timeout: 5_000 }).catch(() => undefined);
    const open = page.locator('dialog[open]');
    if ((await open.count()) > 0) {
      dialogs += 1;
      await page.waitForTimeout(200);
      await page.keyboard.press('Escape');
      await expect(open, `a dialog of ${path} closes`).toHaveCount(0);
    }
    if (page.url().split('#')[0] !== url.split('#')[0]) {
      await page.goto(url);
      await hydrateAll(page);
    }
  }
  return dialogs;
}

test.describe('content security policy', () => {
  test('every page carries a hash-based policy without unsafe-inline, frame-ancestors and HSTS as headers', async ({
    request,
  }) => {
    const pages = await allPages(request);
    expect(pages.length).toBeGreaterThan(15);
    for (const path of pages) {
      const res = await request.get(path);
      const policy = metaPolicy(await res.text());
      expect(policy, `${path} has a policy`).toBeDefined();
      expect(policy, path).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/);
      for (const directive of [
        "default-src 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "connect-src 'self'",
        "img-src 'self' data: https://tile.openstreetmap.org",
        /form-action 'self'( https?:\/\/[^ ;]+)+;/,
        /script-src 'self'( 'sha256-[^']+')+/,
        /style-src 'self'( 'sha256-[^']+')+/,
      ]) {
        expect(policy, `${path}: ${String(directive)}`).toMatch(directive);
      }
      // A missing page is the 404 page served for any path: netlify.toml's header rules follow the path asked for.
      if (path === '/no-such-page') continue;
      const headers = res.headers();
      expect(headers['content-security-policy'], path).toBe("frame-ancestors 'none'");
      expect(headers['strict-transport-security'], path).toBe('max-age=63072000; includeSubDomains');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-frame-options'], path).toBe('DENY');
    }
  });

  test('function answers carry the security headers: JSON, redirects, newsletter pages and form pages', async ({
    request,
  }) => {
    const json = [
      await request.get('/api/admin/stats'),
      await request.post('/api/auth/login', { data: {} }),
      await request.post('/api/admin/track', { data: { type: 'nope' } }),
    ];
    for (const res of json) {
      expect(res.status()).toBeGreaterThanOrEqual(400);
      expect(res.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    const redirects = [
      await request.post('/api/newsletter/unsubscribe-link', {
        form: { email: 'nobody@example.org' },
        maxRedirects: 0,
      }),
      await request.post('/api/admin/track', {
        form: { form: 'contact_submit', name: 'Amina', email: 'amina@example.org', subject: 'Hi', message: 'Hello' },
        maxRedirects: 0,
      }),
    ];
    for (const res of redirects) {
      expect(res.status()).toBe(303);
      expect(res.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    const pages = [
      await request.get('/newsletter/confirm?t=1.0.forged'),
      await request.get('/newsletter/unsubscribe?t=1.0.forged'),
      await request.get('/api/choose/donation?amount=50'),
    ];
    for (const res of pages) expect(res.headers()['content-type']).toMatch(/^text\/html/);
    for (const res of [...json, ...redirects, ...pages]) {
      const headers = res.headers();
      const what = `${res.status()} ${res.url()}`;
      expect(headers['strict-transport-security'], what).toBe('max-age=63072000; includeSubDomains');
      expect(headers['permissions-policy'], what).toBe('camera=(), microphone=(), geolocation=()');
      expect(headers['x-content-type-options'], what).toBe('nosniff');
      expect(headers['x-frame-options'], what).toBe('DENY');
      expect(headers['referrer-policy'], what).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
      expect(headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
    }
  });

  /**
   * The pages whose buttons open dialogs (team, events, school and internship applications, volunteer, sponsor), in
   * two parts of about 8 s each.
   */
  const DIALOG_PAGES = [
    ['/about/', '/programs/', '/programs/school-volunteering/'],
    ['/programs/hospital-internships/', '/volunteer/', '/sponsor/'],
  ];
  /** The other pages (the sitemap's, and the 404 page) are walked in this many parallel parts. */
  const PARTS = 6;

  /** Visits each page, wakes every island and presses one button of each kind; returns the dialogs opened. */
  async function walk(page: Page, paths: string[]): Promise<number> {
    const violations = await watchViolations(page);
    page.context().on('page', (popup) => void popup.close());
    let dialogs = 0;
    for (const path of paths) {
      await page.goto(path);
      await hydrateAll(page);
      dialogs += await useEveryControl(page, path);
      expect(violations, `CSP violations after ${path}`).toEqual([]);
    }
    return dialogs;
  }

  DIALOG_PAGES.forEach((paths, part) => {
    test(`the pages with dialogs (part ${part + 1} of ${DIALOG_PAGES.length}) run with zero violations while every island and dialog is used`, async ({
      page,
    }) => {
      expect(await walk(page, paths)).toBeGreaterThanOrEqual(paths.length);
    });
  });

  for (let part = 0; part < PARTS; part++) {
    test(`the other public pages (part ${part + 1} of ${PARTS}) run with zero violations while their islands are used`, async ({
      page,
      request,
    }) => {
      const others = (await allPages(request)).filter(
        (path) => path !== '/samu' && !DIALOG_PAGES.flat().includes(path),
      );
      expect(others.length).toBeGreaterThan(PARTS * 3);
      await walk(
        page,
        others.filter((_, index) => index % PARTS === part),
      );
    });
  }

  test("the footer map's tiles load from the tile host under the policy", async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/contact');
    await hydrateAll(page);
    await expect(page.locator('.leaflet-tile-loaded, .leaflet-tile').first()).toBeAttached();
    expect(violations).toEqual([]);
  });

  test('the dashboard runs with zero violations: sign-in, every tab, upload, backup, live list, dialogs', async ({
    page,
    request,
  }) => {
    const violations = await watchViolations(page);
    const id = tag();
    await request.post('/api/admin/track', {
      data: {
        type: 'contact_submit',
        payload: { name: `CSP ${id}`, email: `csp-${id}@example.org`, subject: 'Hi', message: 'Hello' },
      },
    });

    await page.goto('/samu');
    await page.getByLabel('Username').fill(e2eAdmin.username);
    await page.getByLabel('Password').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff dashboard' })).toBeVisible();
    await expect(page.getByText('Activity stream: Live', { exact: true })).toBeVisible();
    await (await sectionTab(page, 'Recent Activity')).click();
    await expect(page.getByRole('tabpanel').getByRole('row').first()).toBeVisible();

    for (const name of [
      'Contacts',
      'Subscribers',
      'Applications',
      'Programs',
      'Blog Posts',
      'Donations',
      'Gifts',
      'Media',
    ]) {
      await (await sectionTab(page, name)).click();
      await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    await (await sectionTab(page, 'Contacts')).click();
    await page.getByRole('button', { name: new RegExp(`^Delete contact CSP ${id}`) }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this contact?' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await (await sectionTab(page, 'Programs')).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('button', { name: 'New program' }).click();
    await panel
      .getByLabel('Upload a file for Image')
      .setInputFiles({ name: 'csp.png', mimeType: 'image/png', buffer: PNG });
    await expect(panel.getByRole('textbox', { name: 'Image', exact: true })).toHaveValue(/^\/media\/.+/);
    await panel.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Create backup' }).click();
    const waiting = page.waitForEvent('download');
    await page.getByRole('link', { name: /^Download backup-.+\.json$/ }).click();
    const backup = await waiting;
    expect(JSON.parse(await readFile(await backup.path(), 'utf8'))).toHaveProperty('tables');

    await page.getByRole('button', { name: 'Account' }).click();
    const account = page.getByRole('dialog', { name: 'Your account' });
    await expect(account.getByText('This browser')).toBeVisible();
    await account.getByRole('button', { name: 'Close' }).click();
    await expect(account).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
    expect(violations).toEqual([]);
  });
});
