/**
 * Issue 35: what a visitor chose travels with them. /get-involved → /donate keeps the amount and frequency, /sponsor
 * keeps the child and the type, and the payment address (opened from the form with JavaScript, or the success
 * page's "Continue to secure payment" link without it) carries every choice.
 */
// The donate and sponsor forms now post to the gifts checkout (issue 29), which opens the provider in a tab of its own
// instead of the payment link these cases follow; they are fixme until rewritten to check the stored gift's choices.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { FORMS } from '../../src/lib/form-pages.ts';
import { DEFAULT_PAYMENT_URL } from '../../src/lib/payment.ts';
import { waitForHydration } from './support/hydration.ts';

const PAYMENT_PAGE = 'https://payments.example.org/**';
const email = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.org`;

/** The payment address's query, without the link's own campaign and source tags. */
function choicesOf(address: string): Record<string, string> {
  const url = new URL(address);
  expect(`${url.origin}${url.pathname}`).toBe(DEFAULT_PAYMENT_URL);
  url.searchParams.delete('campaign');
  url.searchParams.delete('source');
  return Object.fromEntries(url.searchParams);
}

/** Chooses $100 monthly in the Get Involved donation box and continues. */
async function chooseOnGetInvolved(page: Page, typed: boolean): Promise<void> {
  // With JavaScript, 'load' comes after the box's module script has run.
  await page.goto('/get-involved/', { waitUntil: typed ? 'domcontentloaded' : 'load' });
  const box = page.locator('form.donation-box');
  await box.getByRole('radio', { name: 'Monthly' }).check();
  if (typed) await box.getByLabel('Or enter your own amount (USD)').fill('100');
  else await box.getByRole('button', { name: '$100' }).click();
  await box.getByRole('button', { name: 'Continue to the donation form' }).click();
}

test.describe('with JavaScript', () => {
  test.fixme('/get-involved → /donate keeps amount and frequency, in the address and the form, up to the payment tab', async ({
    page,
    context,
  }) => {
    await context.route(PAYMENT_PAGE, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Pay</title>' }),
    );
    await chooseOnGetInvolved(page, false);
    await expect(page).toHaveURL(/\/donate\/\?amount=100&type=monthly$/);
    const form = page.locator('form.donation-form');
    await waitForHydration(page, form);
    await expect(form.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    await expect(form.getByRole('radio', { name: '$100' })).toBeChecked();
    await expect(form.getByRole('button', { name: /^Donate \$100 monthly/ })).toBeVisible();

    // A change is kept in the address too (a reload or Back keeps it).
    await form.getByRole('radio', { name: 'Clean Water', exact: true }).check();
    await expect(page).toHaveURL(/\/donate\/\?amount=100&type=monthly&cause=water$/);
    await page.reload();
    await waitForHydration(page, form);
    await expect(form.getByRole('radio', { name: 'Clean Water', exact: true })).toBeChecked();

    await form.getByLabel('Full name').fill('Grace Wanjiru');
    await form.getByLabel('Email').fill(email('choices'));
    const tab = context.waitForEvent('page');
    await form.getByRole('button', { name: /^Donate/ }).click();
    const payment = await tab;
    expect(choicesOf(payment.url())).toEqual({ amount: '100', frequency: 'monthly', cause: 'water' });
  });

  test.fixme('/sponsor keeps the type in the address, and the payment tab carries child, type and frequency', async ({
    page,
    context,
  }) => {
    await context.route(PAYMENT_PAGE, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Pay</title>' }),
    );
    await page.goto('/sponsor/?child=amani&type=partial');
    const dialog = page.getByRole('dialog', { name: 'Sponsor Amani Otieno' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Sponsorship type')).toHaveValue('partial');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: /^Choose This Option\W+Group Sponsorship$/ }).click();
    await expect(page).toHaveURL(/[?&]type=group(&|$)/);
    await expect(page).toHaveURL(/[?&]child=amani(&|$)/);

    await page.getByRole('button', { name: 'Sponsor Amani' }).click();
    await expect(dialog.getByLabel('Sponsorship type')).toHaveValue('group');
    await dialog.getByLabel('Full name').fill('Esther Moraa');
    await dialog.getByLabel('Email address').fill(email('sponsor-choices'));
    await dialog.getByLabel('Payment frequency').selectOption('annual');
    const tab = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    const payment = await tab;
    expect(choicesOf(payment.url())).toEqual({ child_id: 'amani', sponsorship_type: 'group', frequency: 'annual' });
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test.fixme('/get-involved → the Donate form with amount and frequency chosen → a payment link carrying every choice', async ({
    page,
  }) => {
    await chooseOnGetInvolved(page, true);
    const form = page.locator('form.donation-form');
    await expect(form.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    await expect(form.getByRole('radio', { name: '$100' })).toBeChecked();
    await form.getByRole('radio', { name: 'Healthcare Urgent', exact: true }).check();
    await form.getByLabel('Full name').fill('Grace Wanjiru');
    await form.getByLabel('Email').fill(email('nojs-choices'));
    await form.getByRole('button', { name: /^Donate/ }).click();
    await expect(page.getByText(FORMS.donation_intent.success)).toBeVisible();
    const link = page.getByRole('link', { name: /Continue to secure payment/ });
    expect(choicesOf((await link.getAttribute('href')) ?? '')).toEqual({
      amount: '100',
      frequency: 'monthly',
      cause: 'healthcare',
    });
  });

  test.fixme("a sponsorship's success page links to payment with the child, the type and the frequency", async ({
    page,
  }) => {
    await page.goto('/sponsor/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Sponsor Amani' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sponsor Amani Otieno' });
    await dialog.getByLabel('Full name').fill('Esther Moraa');
    await dialog.getByLabel('Email address').fill(email('nojs-sponsor'));
    await dialog.getByLabel('Sponsorship type').selectOption('group');
    await dialog.getByLabel('Payment frequency').selectOption('quarterly');
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText(FORMS.sponsorship_application.success)).toBeVisible();
    const link = page.getByRole('link', { name: /Continue to secure payment/ });
    expect(choicesOf((await link.getAttribute('href')) ?? '')).toEqual({
      child_id: 'amani',
      sponsorship_type: 'group',
      frequency: 'quarterly',
    });
  });
});
