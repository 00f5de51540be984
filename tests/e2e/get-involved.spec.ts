/**
 * /get-involved: the #volunteer and #donate anchors, the donation box and its impact ladder,
 * the local-only choices, onward links, and the /get-involved/* rewrites of netlify.toml.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { IMPACT_LADDER, LADDER_STATE } from '../../src/lib/donation.ts';
import { expectNoAxeViolations } from './support/axe.ts';

const HERO = 'Your time, your gift, your voice';

/** The impact ladder's steps, smallest first. */
const ladder = (page: Page): Locator => page.getByRole('list', { name: 'What your gift does' }).getByRole('listitem');

/** Expects exactly the first `count` steps of the ladder to be highlighted, visibly and in their text. */
async function expectReached(page: Page, count: number): Promise<void> {
  const steps = ladder(page);
  await expect(steps).toHaveCount(IMPACT_LADDER.length);
  for (const [index, step] of IMPACT_LADDER.entries()) {
    const item = steps.nth(index);
    const reached = index < count;
    await expect(item, `$${step.amount} step`).toHaveAttribute('data-reached', String(reached));
    await expect(item).toContainText(reached ? LADDER_STATE.reached : LADDER_STATE.open);
  }
}

test.describe('get involved page', () => {
  test('has #volunteer and #donate sections that the anchors scroll to', async ({ page }) => {
    await page.goto('/get-involved#donate');
    const donate = page.locator('section#donate');
    await expect(donate.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(donate).toBeInViewport();
    await expect(donate.getByLabel('Or enter your own amount (USD)')).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: 'Volunteer', exact: true }).click();
    await expect(page).toHaveURL(/\/get-involved\/?#volunteer$/);
    const volunteer = page.locator('section#volunteer');
    await expect(volunteer).toBeInViewport();
    await expect(volunteer.getByRole('heading', { level: 3 })).toHaveCount(3 + 1); // three opportunity cards and the process title
    for (const area of ['Education', 'Community outreach', 'Healthcare support']) {
      await expect(volunteer.locator('.card .eyebrow', { hasText: new RegExp(`^${area}$`) })).toBeVisible();
    }
    const steps = volunteer.getByRole('list', { name: 'How volunteering works' }).getByRole('listitem');
    await expect(steps).toHaveCount(4);
    for (const [index, title] of ['Apply online', 'Interview', 'Training', 'Placement'].entries()) {
      await expect(steps.nth(index).getByRole('heading')).toHaveText(`Step ${index + 1}: ${title}`);
    }
  });

  test('donation box starts at 50 and its presets set the amount', async ({ page }) => {
    await page.goto('/get-involved#donate');
    const amount = page.getByLabel('Or enter your own amount (USD)');
    await expect(amount).toHaveValue('50');
    await expect(amount).toHaveAttribute('min', '5');
    const presets = page.locator('section#donate').getByRole('group', { name: 'Amount' }).getByRole('button');
    await expect(presets).toHaveText(['$25', '$50', '$100']);
    await expect(page.getByRole('button', { name: '$50' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: '$100' }).click();
    await expect(amount).toHaveValue('100');
    await expect(page.getByRole('button', { name: '$100' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: '$50' })).toHaveAttribute('aria-pressed', 'false');

    await page.getByRole('button', { name: '$25' }).click();
    await expect(amount).toHaveValue('25');

    await amount.fill('60');
    await expect(page.locator('[data-preset][aria-pressed="true"]')).toHaveCount(0);
  });

  test('impact ladder highlights every step the entered amount reaches', async ({ page }) => {
    await page.goto('/get-involved#donate');
    const amount = page.getByLabel('Or enter your own amount (USD)');
    const summary = page.locator('[data-summary]');

    await expectReached(page, 2);
    await expect(summary).toHaveText(`A gift of $50 reaches 2 of ${IMPACT_LADDER.length} steps.`);

    await page.getByRole('button', { name: '$100' }).click();
    await expectReached(page, 3);

    await amount.fill('24');
    await expectReached(page, 0);
    await expect(summary).toHaveText(`A gift of $24 reaches 0 of ${IMPACT_LADDER.length} steps.`);

    await amount.fill(String(IMPACT_LADDER.at(-1)!.amount));
    await expectReached(page, IMPACT_LADDER.length);

    await amount.fill('99.99');
    await expectReached(page, 2);

    await amount.fill('');
    await expectReached(page, 0);
    await expect(summary).toHaveText('Enter an amount to see what it does.');
  });

  test('frequency and sponsorship choices are local selections only', async ({ page }) => {
    await page.goto('/get-involved#donate');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));

    const oneTime = page.getByRole('radio', { name: 'One-time' });
    const monthly = page.getByRole('radio', { name: 'Monthly' });
    await expect(oneTime).toBeChecked();
    await monthly.check();
    await expect(monthly).toBeChecked();
    await expect(oneTime).not.toBeChecked();

    const chooser = page.getByRole('group', { name: 'Walk with one child, month after month' });
    const education = chooser.getByRole('radio', { name: /Education sponsorship/ });
    const full = chooser.getByRole('radio', { name: /Full support sponsorship/ });
    await expect(education).toBeChecked();
    await expect(chooser).toContainText('$50/month');
    await expect(chooser).toContainText('$75/month');
    await chooser.getByText('Full support sponsorship').click();
    await expect(full).toBeChecked();
    await expect(education).not.toBeChecked();

    await expect(page).toHaveURL(/\/get-involved\/?#donate$/);
    expect(
      requests.filter((url) => url.includes('/api/')),
      'no calls',
    ).toEqual([]);
  });

  test('links onward to donate, volunteer, sponsor and contact, with the contact details', async ({ page }) => {
    await page.goto('/get-involved');
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Continue to the donation form' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'See all roles and apply' })).toHaveAttribute('href', '/volunteer');
    await expect(main.getByRole('button', { name: 'Choose a child to sponsor' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');

    const contact = main.locator('dl');
    await expect(contact.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@.+/);
    await expect(contact.getByRole('link', { name: /^\+254/ })).toHaveAttribute('href', /^tel:\+254\d+$/);
    await expect(contact).toContainText('Nairobi');

    // The box's choices go along (tests/e2e/choices.spec.ts follows them to the payment page).
    await main.getByRole('button', { name: 'Continue to the donation form' }).click();
    await expect(page).toHaveURL(/\/donate\/\?amount=50&type=one-time$/);
  });

  test('has no axe violations', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/get-involved');
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('/get-involved/* routes', () => {
  const canonical = (page: Page) => page.locator('link[rel="canonical"]');

  for (const [path, target] of [
    ['/get-involved/donate', 'donate'],
    ['/get-involved/volunteer', 'volunteer'],
    ['/get-involved/sponsor', 'sponsor'],
  ] as const) {
    test(`${path} shows the ${target} screen at the same address`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${path}/?$`));
      await expect(canonical(page)).toHaveAttribute('href', new RegExp(`/${target}/?$`));
    });
  }

  for (const path of ['/get-involved/anything-else', '/get-involved/some/deeper/path']) {
    test(`${path} falls back to get involved`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
      await expect(canonical(page)).toHaveAttribute('href', /\/get-involved\/?$/);
    });
  }
});
