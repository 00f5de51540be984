import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectStaffRow } from './support/api.ts';
import { holdScripts, touchIsland, waitForHydration } from '../../support/browser/hydration.ts';
import { PUBLIC_PAGES as publicPages } from '../../support/browser/pages.ts';

test.describe('Navigation bar and footer', () => {
  test('appear on every public page', async ({ page }) => {
    // One page visits them all: a fresh browser context per path cost more than the checks themselves.
    for (const path of publicPages) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        const nav = page.getByRole('navigation', { name: 'Main' });
        for (const item of ['Home', 'About', 'Programs', 'Blog', 'Contact Us']) {
          await expect(nav.getByRole('link', { name: item, exact: true }), path).toBeAttached();
        }
        await expect(nav.getByRole('button', { name: 'Get Involved' }), path).toBeAttached();
        const footer = page.getByRole('contentinfo');
        await expect(footer.getByRole('heading', { name: 'Newsletter' }), path).toBeAttached();
        await expect(footer, path).toContainText(`© ${new Date().getFullYear()}`);
      });
    }
  });

  test('turns solid after scrolling past 50 px', async ({ page }) => {
    await page.goto('/about');
    const bar = page.locator('[data-nav]');
    await expect(bar).not.toHaveClass(/is-solid/);
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(bar).not.toHaveClass(/is-solid/);
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect(bar).toHaveClass(/is-solid/);
    await expect(bar).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  });

  test('opens one dropdown, closes it on a second click and on Escape', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: 'Get Involved' });
    const sponsor = nav.getByRole('link', { name: 'Sponsor a Child', exact: true });
    await expect(sponsor).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(sponsor).toBeVisible();
    await toggle.click();
    await expect(sponsor).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(sponsor).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sponsor).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('Donate Now opens the payment page in a new tab without opener or referrer', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Get Involved' }).click();
    const donate = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Donate Now/ });
    await expect(donate).toHaveAttribute('target', '_blank');
    await expect(donate).toHaveAttribute('rel', 'noopener noreferrer');
    const url = new URL((await donate.getAttribute('href'))!);
    expect(url.searchParams.get('source')).toBe('navigation-menu');
  });

  test('on a phone, the slide-in menu opens, and closes by backdrop, item and Escape', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    const open = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#site-menu');
    await expect(menu).toBeHidden();
    await open.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByText('Menu', { exact: true })).toBeVisible();
    await expect(page.locator('[data-nav]')).toHaveClass(/is-solid/);
    await page.locator('[data-menu-backdrop]').click({ position: { x: 10, y: 400 } });
    await expect(menu).toBeHidden();

    await open.click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await menu.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog\/?$/);
  });

  test('the footer shows a picture of where we are, and loads the map only when asked, on the first press', async ({
    page,
  }) => {
    const mapScripts: string[] = [];
    page.on('request', (request) => {
      if (/NairobiMap|leaflet/i.test(request.url())) mapScripts.push(request.url());
    });
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole('img', { name: /street map of Westlands, Nairobi/i })).toBeVisible();
    await expect(footer.getByRole('link', { name: /Open in a map/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(mapScripts).toEqual([]);

    // By keyboard: the button takes Enter, and the map takes its focus.
    await footer.getByRole('button', { name: 'Show the map' }).focus();
    await page.keyboard.press('Enter');
    const map = footer.getByRole('region', { name: /Map of Nairobi/ });
    await expect(map.locator('.leaflet-container')).toBeFocused();
    await expect(map.locator('.leaflet-interactive')).toBeVisible();
    await expect(page.getByText('Map images could not load; the marker shows our office.')).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Show the map' })).toHaveCount(0);
    expect(mapScripts.length).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  });

  test('newsletter subscription reaches the database', async ({ page, request }) => {
    const email = `reader+${Date.now()}@example.org`;
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    const field = footer.getByLabel('Email address');
    await waitForHydration(page, page.getByRole('textbox', { name: 'Email address' }));
    await field.fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('button', { name: 'Check your inbox' })).toBeVisible();
    await expect(field).toHaveValue('');
    await expectStaffRow<{ email: string }>(request, 'newsletter', (row) => row.email === email);
  });

  test('newsletter says it was not sent yet, and keeps the address, when the server is unreachable', async ({
    page,
  }) => {
    await page.route('**/api/admin/track', (route) => route.abort());
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    const field = footer.getByLabel('Email address');
    await waitForHydration(page, page.getByRole('textbox', { name: 'Email address' }));
    await field.fill('offline@example.org');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('status').filter({ hasText: 'Not sent yet' })).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
    await expect(field).toHaveValue('offline@example.org');
  });
});

test.describe('About', () => {
  test('shows founder, mission, vision, four values, the 2021–2025 timeline and three team cards', async ({ page }) => {
    await page.goto('/about');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Our Mission' })).toBeAttached();
    await expect(main.getByRole('heading', { name: 'Our Vision' })).toBeAttached();
    for (const value of ['Compassion', 'Impact', 'Community', 'Innovation']) {
      await expect(main.getByRole('heading', { name: value, exact: true })).toBeAttached();
    }
    await expect(main.locator('.timeline__year')).toHaveText(['2021', '2022', '2023', '2024', '2025']);
    await expect(main.getByRole('button', { name: /^Read more about/ })).toHaveCount(3);
  });

  test('a team card opens a dialog with the full bio and contact, closed by Escape and by its button', async ({
    page,
  }) => {
    await page.goto('/about');
    const readMore = page.getByRole('button', { name: 'Read more about Esther Wairimu Njoroge' });
    await readMore.scrollIntoViewIfNeeded();
    await touchIsland(page, readMore);
    await readMore.click();
    const dialog = page.getByRole('dialog', { name: 'Esther Wairimu Njoroge' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'esther@tumainichildren.org' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: /\+254/ })).toBeVisible();
    await expectNoAxeViolations(page);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(readMore).toBeFocused();

    await readMore.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // A tap anywhere on the card opens it too.
    await page
      .locator('.team-card')
      .filter({ hasText: 'Esther Wairimu Njoroge' })
      .click({ position: { x: 24, y: 24 } });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a team card opens its dialog before the page script has arrived', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/about', { waitUntil: 'commit' });
    const readMore = page.getByRole('button', { name: 'Read more about Esther Wairimu Njoroge' });
    const island = page.locator('astro-island', { has: readMore });
    await expect(island).toHaveAttribute('ssr');
    await readMore.click();
    await expect(page.getByRole('dialog', { name: 'Esther Wairimu Njoroge' })).toBeVisible();
    await expect(island, 'the dialog opened before the island started').toHaveAttribute('ssr');
    release();
  });

  test('has no accessibility violations', async ({ page }) => {
    await page.goto('/about');
    await expectNoAxeViolations(page);
  });
});

test.describe('Not found', () => {
  test('answers 404 with the page, a way home, and the bad path in the console', async ({ page }) => {
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(logs.some((line) => line.includes('/no-such-page'))).toBe(true);
  });

  test('has no accessibility violations', async ({ page }) => {
    await page.goto('/no-such-page');
    await expectNoAxeViolations(page);
  });
});
