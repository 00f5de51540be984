/**
 * Sponsor a child (/sponsor): the ?child= modal and scroll, the type chooser feeding the form, the
 * sponsorship application reaching the database, the exact alert and the checkout tab for the child's sponsorship
 * (the Paystack stand-in of the e2e server).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { touchIsland } from '../../support/browser/hydration.ts';
import { e2eAdmin } from '../../support/e2e/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { e2ePaystackPort } from '../../support/e2e/server.ts';

const SUCCESS =
  'Redirecting to secure payment portal. After payment, our team will contact you within 24 hours to complete the sponsorship setup.';
/** Where checkouts land: the Paystack stand-in the e2e server is configured with. */
const CHECKOUT = `http://127.0.0.1:${e2ePaystackPort}/checkout/`;

/** A cold server can take a while with the first scripts; this waits for them, it does not time the page. */
const HYDRATION_TIMEOUT = 20_000;

/** Opens the page, touches the children island as a visitor does and waits until it has hydrated. */
async function open(page: Page, path = '/sponsor'): Promise<void> {
  await page.goto(path);
  await touchIsland(page, page.locator('.sponsor-children'), { timeout: HYDRATION_TIMEOUT });
}

/** Every child's monthly need in US dollars, straight from the content file (KES ÷ 135, rounded). */
function childrenUsd(): number[] {
  const children = JSON.parse(readFileSync('src/content/children.json', 'utf8')) as { monthlyNeed: number }[];
  return children.map((child) => Math.round(child.monthlyNeed / 135));
}

type StoredEvent = { type: string; payload: Record<string, unknown> };

/** The tracking events stored for `email`, read through the staff API. */
async function eventsFor(request: APIRequestContext, email: string): Promise<StoredEvent[]> {
  const login = await request.post('/api/auth/login', { data: e2eAdmin });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const answer = await request.get('/api/admin/events?limit=100', { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  const { events } = (await answer.json()) as { events: StoredEvent[] };
  return events.filter((event) => event.payload['email'] === email);
}

test.describe('Sponsor a child', () => {
  test('shows the impact figures, three sponsorship types, four children, how it works and contact links', async ({
    page,
  }) => {
    await open(page);
    const stats = page.locator('.sponsor-impact');
    for (const text of ['30', '89%', '17', '7', '500+'])
      await expect(stats.getByText(text, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: /Sponsorship$/ })).toHaveText([
      'Full Sponsorship',
      'Partial Sponsorship',
      'Group Sponsorship',
    ]);
    // One price for the same thing: the full sponsorship range holds every child's monthly need in dollars.
    const full = await page.locator('.sponsor-type[data-type="full"] .sponsor-type__price').innerText();
    const [, min, max] = /^\$(\d+)–\$(\d+) \/ month$/.exec(full) ?? [];
    const needs = childrenUsd();
    expect([Number(min), Number(max)]).toEqual([Math.min(...needs), Math.max(...needs)]);
    for (const card of await page.locator('.sponsor-children .child-card').allInnerTexts()) {
      const usd = Number(/about \$(\d+)/.exec(card)?.[1]);
      expect(usd).toBeGreaterThanOrEqual(Number(min));
      expect(usd).toBeLessThanOrEqual(Number(max));
    }
    await expect(page.getByText('Minimum commitment of 1 year')).toBeVisible();
    await expect(page.getByText('Minimum commitment of 6 months')).toBeVisible();
    await expect(page.getByText('Supports 3–5 children')).toBeVisible();
    await expect(page.locator('.sponsor-children .child-card')).toHaveCount(4);
    await expect(page.getByRole('button', { name: /^Sponsor / })).toHaveText([
      'Sponsor Amani',
      'Sponsor Wanjiku',
      'Sponsor Baraka',
      'Sponsor Achieng',
    ]);
    await expect(page.locator('.how-step')).toHaveCount(4);
    await expect(page.locator('main a[href="/contact"]').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('?child= with a known id opens the form for that child, scrolled to its card', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, '/sponsor?child=achieng');
    const dialog = page.getByRole('dialog', { name: 'Sponsor Achieng Odhiambo' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('KES 10,125');
    // Full sponsorship in the form costs what this child needs: the same figure as the summary above it.
    await expect(dialog.locator('option[value="full"]')).toHaveText('Full Sponsorship ($75 / month)');
    await expect(page.locator('#child-achieng')).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await expectNoAxeViolations(page);
    // Escape closes it and focus goes back to that child's Sponsor button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Sponsor Achieng' })).toBeFocused();
  });

  test('?child= with an unknown id does nothing', async ({ page }) => {
    await open(page, '/sponsor?child=nobody');
    // Give the island time to act on the query (it has hydrated), then check nothing happened.
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("'Choose This Option' marks the type and sets the form's type", async ({ page }) => {
    await open(page);
    const full = page.getByRole('button', { name: /Choose This Option.*Full/ });
    const group = page.getByRole('button', { name: /Choose This Option.*Group/ });
    await expect(full).toHaveAttribute('aria-pressed', 'true');
    await expect(group).toHaveAttribute('aria-pressed', 'false');
    await group.click();
    await expect(group).toHaveAttribute('aria-pressed', 'true');
    await expect(full).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('.sponsor-type.is-selected h3')).toHaveText('Group Sponsorship');
    await expect(page.getByRole('status').filter({ hasText: 'Group Sponsorship selected' })).toBeVisible();
    await page.getByRole('button', { name: 'Sponsor Wanjiku' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sponsor Wanjiku Kamau' });
    await expect(dialog.getByLabel('Sponsorship type *')).toHaveValue('group');
    await expect(dialog.getByLabel('Payment frequency *')).toHaveValue('monthly');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: /Choose This Option.*Partial/ }).click();
    await page.getByRole('button', { name: 'Sponsor Amani' }).click();
    await expect(page.getByRole('dialog').getByLabel('Sponsorship type *')).toHaveValue('partial');
  });

  test('the form opens with full sponsorship and monthly payments, and needs name and email', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Sponsor Baraka' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sponsor Baraka Mwangi' });
    await expect(dialog.getByLabel('Sponsorship type *')).toHaveValue('full');
    await expect(dialog.getByLabel('Payment frequency *')).toHaveValue('monthly');
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    // The browser's own check stops the submit: the dialog stays and the name field is invalid.
    await expect(dialog).toBeVisible();
    expect(
      await dialog.getByLabel('Full name *').evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('submitting records the application, shows the alert, opens the payment tab and resets', async ({
    page,
    context,
    request,
  }) => {
    await open(page);
    const email = `sponsor-${randomBytes(4).toString('hex')}@example.org`;
    await page.getByRole('button', { name: 'Sponsor Wanjiku' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sponsor Wanjiku Kamau' });
    await dialog.getByLabel('Full name *').fill('Grace Wambui');
    await dialog.getByLabel('Email address *').fill(email);
    await dialog.getByLabel('Phone').fill('+254 700 000 111');
    await dialog.getByLabel('Payment frequency *').selectOption('quarterly');
    await dialog.getByLabel('Message to Wanjiku').fill('Keep reading, Wanjiku!');

    const paymentTab = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();

    const tab = await paymentTab;
    await tab.waitForLoadState();
    expect(tab.url().startsWith(CHECKOUT)).toBe(true);
    // Full sponsorship of Wanjiku, paid quarterly: three months of her need in dollars.
    const children = JSON.parse(readFileSync('src/content/children.json', 'utf8')) as {
      id: string;
      monthlyNeed: number;
    }[];
    const need = children.find((child) => child.id === 'wanjiku')!.monthlyNeed;
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(`Pay USD ${Math.round(need / 135) * 3}`);
    // No opener: the payment page cannot reach back into this tab.
    expect(await tab.evaluate(() => window.opener === null)).toBe(true);

    // The alert waits for the server's answer.
    await expect(page.locator('#toast')).toHaveText(SUCCESS);
    await expect(dialog).toBeHidden();

    const [stored, ...others] = await eventsFor(request, email);
    expect(others).toEqual([]);
    expect(stored?.type).toBe('sponsorship_application');
    expect(stored?.payload).toMatchObject({
      name: 'Grace Wambui',
      email,
      phone: '+254 700 000 111',
      sponsorshipType: 'full',
      paymentMethod: 'quarterly',
      message: 'Keep reading, Wanjiku!',
      childId: 'wanjiku',
    });
    expect(Date.now() - Date.parse(String(stored?.payload['timestamp']))).toBeLessThan(60_000);

    // The form is reset for the next child.
    await page.getByRole('button', { name: 'Sponsor Amani' }).click();
    const next = page.getByRole('dialog', { name: 'Sponsor Amani Otieno' });
    await expect(next.getByLabel('Full name *')).toHaveValue('');
    await expect(next.getByLabel('Email address *')).toHaveValue('');
    await expect(next.getByLabel('Payment frequency *')).toHaveValue('monthly');
  });
});
