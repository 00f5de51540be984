/**
 * /donate: the donation form's defaults and choices, the browser's checks, and a submit that
 * keeps `donationData` in local storage, opens the checkout for the amount in a new tab (the Paystack stand-in of
 * the e2e server), shows the alert, clears the form and records the donation intent in the database.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { touchIsland } from '../../support/browser/hydration.ts';
import { DEFAULT_PAYMENT_URL } from '../../src/lib/payment.ts';
import { e2eAdmin } from '../../support/e2e/accounts.ts';
import { e2ePaystackPort } from '../../support/e2e/server.ts';
import { expectNoAxeViolations } from './support/axe.ts';

const PAYMENT_HOST = new URL(DEFAULT_PAYMENT_URL).host;
/** Where checkouts land: the Paystack stand-in the e2e server is configured with. */
const CHECKOUT = `http://127.0.0.1:${e2ePaystackPort}/checkout/`;
const CAUSES = ['Education', 'Healthcare', 'Clean Water', 'Safe Housing', 'Emergency Relief', 'Where Most Needed'];

/** A short random tag so this run's records are told apart from any other test's. */
const tag = () => randomBytes(4).toString('hex');

/** Serves a stand-in for the external payment page, which this offline machine cannot reach. */
async function stubPaymentPage(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.host === PAYMENT_HOST,
    (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Payment</title><p>Payment page' }),
  );
}

/** Opens /donate and waits until the form island has hydrated. */
async function openDonatePage(page: Page): Promise<void> {
  await page.goto('/donate');
  await page.locator('form.donation-form').scrollIntoViewIfNeeded();
  await touchIsland(page, page.locator('form.donation-form'));
}

/** Signs in as the e2e staff account and returns the bearer header. */
async function staffHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: e2eAdmin });
  expect(response.status(), 'staff login').toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/**
 * Polls a staff list until `match` finds a row (the tracking call is not awaited by the page) and returns it.
 * A failed answer is retried like a missing row, and reported if it persists.
 */
async function findRecord<T>(
  request: APIRequestContext,
  headers: Record<string, string>,
  resource: string,
  match: (row: T) => boolean,
): Promise<T | undefined> {
  let found: T | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/admin/${resource}`, { headers });
        if (!response.ok()) return `GET /api/admin/${resource} answered ${response.status()}`;
        const body = (await response.json()) as Record<string, T[]>;
        found = (body[resource] ?? []).find(match);
        return found === undefined ? 'not found' : 'found';
      },
      { message: `a matching ${resource} record` },
    )
    .toBe('found');
  return found;
}

type DonationRow = { donor_name: string | null; amount: number; currency: string };
type EventRow = { type: string; payload: Record<string, unknown> };

test.describe('donate page', () => {
  test('starts with the default choices and marks the urgent causes', async ({ page }) => {
    await openDonatePage(page);
    const form = page.locator('form.donation-form');

    await expect(form.getByRole('radio', { name: 'One-time' })).toBeChecked();
    await expect(form.getByRole('radio', { name: 'Monthly' })).not.toBeChecked();
    await expect(form.getByRole('group', { name: 'Choose a cause' }).getByRole('radio')).toHaveCount(6);
    for (const cause of CAUSES) {
      const urgent = cause === 'Healthcare' || cause === 'Emergency Relief';
      await expect(form.getByRole('radio', { name: urgent ? `${cause} Urgent` : cause, exact: true })).toBeVisible();
    }
    await expect(form.getByRole('radio', { name: 'Where Most Needed', exact: true })).toBeChecked();

    const presets = form.getByRole('group', { name: 'Amount (USD)' }).getByRole('radio');
    await expect(presets).toHaveCount(6);
    for (const preset of ['$25', '$50', '$100', '$250', '$500', '$1,000']) {
      await expect(form.getByRole('radio', { name: preset, exact: true })).toBeVisible();
    }
    await expect(form.getByRole('radio', { name: '$50', exact: true })).toBeChecked();
    await expect(form.getByLabel('Or enter another amount')).toHaveAttribute('min', '5');
    await expect(form.getByLabel('Or enter another amount')).toHaveAttribute('type', 'number');

    await expect(form.getByRole('radio', { name: 'Credit or debit card' })).toBeChecked();
    await expect(form.getByRole('radio', { name: 'M-Pesa' })).not.toBeChecked();
    // Paystack is connected and no PayPal link is set: PayPal is not offered.
    await expect(form.getByRole('radio', { name: 'PayPal' })).toHaveCount(0);
    await expect(form.getByRole('radio', { name: 'Bank transfer' })).not.toBeChecked();
    await expect(form.getByLabel('Keep my donation anonymous')).not.toBeChecked();
    // Consent is a box the donor ticks (Data Protection Act 2019 s.32): it starts unticked.
    await expect(form.getByLabel('Send me news about the children and our work')).not.toBeChecked();
    await expect(form.getByLabel('Phone (optional)')).not.toHaveAttribute('required');
    await expect(form.getByRole('button', { name: /^Donate \$50/ })).toBeVisible();
  });

  test('without JavaScript the news box starts unticked too', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/donate');
    const form = page.locator('form.donation-form');
    await expect(form.getByLabel('Send me news about the children and our work')).toBeVisible();
    await expect(form.getByLabel('Send me news about the children and our work')).not.toBeChecked();
    await context.close();
  });

  test('the cause panel follows the chosen cause', async ({ page }) => {
    await openDonatePage(page);
    const panel = page.getByRole('complementary', { name: /Where Most Needed/ });
    await expect(panel).toContainText('Flexible support');

    await page.getByRole('radio', { name: 'Clean Water', exact: true }).check();
    const water = page.getByRole('complementary', { name: /Clean Water/ });
    await expect(water).toContainText('Water tanks, taps and hygiene lessons');
    await expect(water).toContainText('$100 gives a classroom clean drinking water for a year.');

    await page.getByRole('radio', { name: 'Emergency Relief Urgent', exact: true }).check();
    await expect(page.getByRole('complementary', { name: /Emergency Relief/ })).toContainText('Urgent');
  });

  test('the browser checks required fields and the minimum custom amount before anything happens', async ({
    page,
    context,
  }) => {
    await stubPaymentPage(context);
    await openDonatePage(page);
    const form = page.locator('form.donation-form');
    let opened = 0;
    context.on('page', () => (opened += 1));

    await form.getByRole('button', { name: /^Donate/ }).click();
    expect(await form.getByLabel('Full name').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
      true,
    );

    await form.getByLabel('Full name').fill('Test Donor');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: /^Donate/ }).click();
    expect(await form.getByLabel('Email').evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(
      true,
    );

    await form.getByLabel('Email').fill('donor@example.org');
    const custom = form.getByLabel('Or enter another amount');
    await custom.fill('3');
    await expect(form.getByRole('radio', { name: '$50', exact: true })).not.toBeChecked();
    await form.getByRole('button', { name: /^Donate/ }).click();
    expect(await custom.evaluate((input: HTMLInputElement) => input.validity.rangeUnderflow)).toBe(true);

    // Emptying the custom amount with no preset chosen leaves the amount required.
    await custom.fill('');
    await form.getByRole('button', { name: /^Donate/ }).click();
    expect(await custom.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    await expect(page.locator('#toast')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('donationData'))).toBeNull();
    expect(opened).toBe(0);
  });

  test('a monthly donation is stored, opens the checkout for its amount, thanks the donor and reaches staff', async ({
    page,
    context,
    request,
  }) => {
    await openDonatePage(page);
    const form = page.locator('form.donation-form');
    const name = `Donor ${tag()}`;
    const email = `donor-${tag()}@example.org`;
    const amount = 40 + Math.floor(Math.random() * 900);

    await form.getByRole('radio', { name: 'Monthly' }).check();
    await form.getByRole('radio', { name: 'Healthcare Urgent', exact: true }).check();
    await form.getByLabel('Or enter another amount').fill(String(amount));
    await form.getByRole('radio', { name: 'M-Pesa' }).check();
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone (optional)').fill('+254 700 000 001');
    await form.getByLabel('Address (optional)').fill('Westlands, Nairobi');
    await expect(form.getByRole('button', { name: new RegExp(`^Donate \\$${amount} monthly`) })).toBeVisible();

    const before = Date.now();
    const popupOpened = context.waitForEvent('page');
    await form.getByRole('button', { name: /^Donate/ }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState();

    expect(popup.url().startsWith(CHECKOUT)).toBe(true);
    // M-Pesa is charged in shillings at 135 per dollar.
    await expect(popup.getByRole('heading', { level: 1 })).toHaveText(`Pay KES ${amount * 135}`);
    // Opened without an opener, so the payment page cannot reach back into this one.
    expect(await popup.evaluate(() => window.opener === null)).toBe(true);

    // The alert waits for the server's answer.
    await expect(page.locator('#toast')).toHaveText(
      `Redirecting to secure payment portal for your monthly donation of $${amount}. Thank you for your generosity!`,
    );

    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('donationData'))) ?? 'null') as Record<
      string,
      unknown
    >;
    expect(stored).toMatchObject({
      amount: String(amount),
      type: 'monthly',
      cause: 'healthcare',
      paymentMethod: 'mpesa',
      name,
      email,
      phone: '+254 700 000 001',
      address: 'Westlands, Nairobi',
      anonymous: false,
      newsletter: false,
    });
    const timestamp = Date.parse(String(stored['timestamp']));
    expect(timestamp).toBeGreaterThanOrEqual(before - 1000);
    expect(timestamp).toBeLessThanOrEqual(Date.now());

    // The form is back to its defaults.
    await expect(form.getByLabel('Full name')).toHaveValue('');
    await expect(form.getByLabel('Email')).toHaveValue('');
    await expect(form.getByLabel('Phone (optional)')).toHaveValue('');
    await expect(form.getByLabel('Address (optional)')).toHaveValue('');
    await expect(form.getByLabel('Or enter another amount')).toHaveValue('');
    await expect(form.getByRole('radio', { name: '$50', exact: true })).toBeChecked();
    await expect(form.getByRole('radio', { name: 'One-time' })).toBeChecked();
    await expect(form.getByRole('radio', { name: 'Where Most Needed', exact: true })).toBeChecked();
    await expect(form.getByRole('radio', { name: 'Credit or debit card' })).toBeChecked();

    const headers = await staffHeaders(request);
    const donation = await findRecord<DonationRow>(request, headers, 'donations', (row) => row.donor_name === name);
    expect(donation).toMatchObject({ amount, currency: 'USD' });
    const intent = await findRecord<EventRow>(
      request,
      headers,
      'events',
      (event) => event.type === 'donation_intent' && event.payload['email'] === email,
    );
    expect(intent?.payload).toMatchObject({
      amount,
      type: 'monthly',
      cause: 'healthcare',
      paymentMethod: 'mpesa',
      name,
      newsletter: false,
    });
    // The news box was left as it started, unticked: the gift subscribed no one (the donation is stored in the
    // same transaction as any sign-up, so it is already there to see).
    const subscribers = await request.get('/api/admin/newsletter', { headers });
    expect(subscribers.ok()).toBe(true);
    const { newsletter } = (await subscribers.json()) as { newsletter: { email: string }[] };
    expect(newsletter.map((row) => row.email)).not.toContain(email);
  });

  test('a one-time preset donation keeps an anonymous donor nameless for staff', async ({ page, context, request }) => {
    await openDonatePage(page);
    const form = page.locator('form.donation-form');
    const email = `anon-${tag()}@example.org`;
    const name = `Anonymous ${tag()}`;

    await form.getByRole('radio', { name: '$250', exact: true }).check();
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Keep my donation anonymous').check();

    const popupOpened = context.waitForEvent('page');
    await form.getByRole('button', { name: 'Donate $250' }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    expect(popup.url().startsWith(CHECKOUT)).toBe(true);
    await expect(popup.getByRole('heading', { level: 1 })).toHaveText('Pay USD 250');
    // The alert waits for the server's answer.
    await expect(page.locator('#toast')).toHaveText(
      'Redirecting to secure payment portal for your one-time donation of $250. Thank you for your generosity!',
    );
    await expect(form.getByLabel('Keep my donation anonymous')).not.toBeChecked();

    const headers = await staffHeaders(request);
    const intent = await findRecord<EventRow>(
      request,
      headers,
      'events',
      (event) => event.type === 'donation_intent' && event.payload['email'] === email,
    );
    expect(intent?.payload).toMatchObject({ anonymous: true, amount: 250 });
    const nameless = await findRecord<DonationRow>(
      request,
      headers,
      'donations',
      (row) => row.donor_name === null && row.amount === 250,
    );
    expect(nameless).toMatchObject({ currency: 'USD' });
    const named = await request.get('/api/admin/donations', { headers });
    const { donations } = (await named.json()) as { donations: DonationRow[] };
    expect(donations.some((row) => row.donor_name === name)).toBe(false);
  });

  test('links to sponsor, volunteer and contact', async ({ page }) => {
    await page.goto('/donate');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Sponsor a child' })).toHaveAttribute('href', '/sponsor');
    await expect(main.getByRole('link', { name: 'Become a volunteer' })).toHaveAttribute(
      'href',
      '/get-involved/volunteer',
    );
    await expect(main.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    const why = main.locator('section', {
      has: page.getByRole('heading', { level: 2, name: 'Your gift, put to work' }),
    });
    await expect(why).toContainText('Why donate');
    await expect(why.getByRole('listitem')).toHaveCount(4);
    await expect(main.getByRole('heading', { level: 2, name: 'What gifts like yours did this year' })).toBeVisible();

    await main.getByRole('link', { name: 'Become a volunteer' }).click();
    await expect(page).toHaveURL(/\/get-involved\/volunteer\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Share your skills, change a story');
  });

  test('has no axe violations', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openDonatePage(page);
    await expectNoAxeViolations(page);
  });
});
