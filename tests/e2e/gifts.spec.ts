/**
 * Gifts that arrive: the donate form posts to the checkout function in a new tab, which lands on the
 * Paystack stand-in's checkout for the pending gift's reference; a signed `charge.success` for that reference turns
 * the gift confirmed in /samu → Gifts through the live stream, and the donor's receipt with its PDF reaches the
 * run's SMTP server. The same with JavaScript off.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { touchIsland } from '../../support/browser/hydration.ts';
import { staffList, staffToken } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openTab, signIn, toast } from './support/dashboard.ts';
import { mailTo } from './support/mailbox.ts';
import { PAYSTACK, paystackConfirms } from './support/checkout.ts';

type Gift = { id: string; reference: string; state: string; donor_email: string; frequency: string; cause: string };

const tag = () => randomBytes(4).toString('hex');

/** Fills the donate form for a $50 monthly card gift to Education. */
async function fillDonation(page: Page, email: string): Promise<void> {
  const form = page.locator('form.donation-form');
  await form.getByRole('radio', { name: 'Monthly' }).check();
  await form.getByRole('radio', { name: 'Education', exact: true }).check();
  await form.getByRole('radio', { name: '$50', exact: true }).check();
  await form.getByLabel('Full name').fill(`Donor ${email.split('@')[0]}`);
  await form.getByLabel('Email').fill(email);
}

/** Submits the form and returns the checkout tab, once loaded. */
async function submitToCheckout(page: Page): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await page
    .locator('form.donation-form')
    .getByRole('button', { name: /^Donate/ })
    .click();
  const tab = await opened;
  await tab.waitForLoadState();
  return tab;
}

async function giftOf(request: APIRequestContext, email: string): Promise<Gift> {
  let found: Gift | undefined;
  await expect
    .poll(async () => (found = (await staffList<Gift>(request, 'gifts')).find((gift) => gift.donor_email === email)))
    .toBeDefined();
  return found!;
}

/** The donor's receipt as the browser tests' SMTP server received it, with its PDF. */
async function receiptFor(email: string) {
  const [receipt] = await mailTo(email, (mail) => mail.subject.startsWith('Your receipt R-'));
  expect(receipt!.subject).toMatch(/^Your receipt R-\d{6} from Tumaini Children's Foundation$/);
  expect(receipt!.text).toContain('Amount: $50.00');
  expect(receipt!.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
  expect(receipt!.attachments[0]!.filename).toMatch(/^receipt-R-\d{6}\.pdf$/);
  expect(receipt!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
}

test('donate $50 monthly: a pending gift, the checkout tab at Paystack with its reference, then confirmed live in /samu', async ({
  page,
  browser,
  request,
}) => {
  const email = `gift-${tag()}@example.org`;
  // Staff watch the Gifts tab while the gift is made and paid.
  const staffPage = await browser.newPage();
  await signIn(staffPage, request);
  // The dashboard hears of new gifts once its live stream is open; a gift made before that shows on the next reload.
  await expect(staffPage.getByText('Activity stream: Live', { exact: true })).toBeVisible();
  const panel = await openTab(staffPage, 'Gifts');

  await page.goto('/donate');
  await page.locator('form.donation-form').scrollIntoViewIfNeeded();
  await touchIsland(page, page.locator('form.donation-form'));
  await expect(page.locator('form.donation-form')).toHaveAttribute('target', '_blank');
  await expect(page.locator('form.donation-form')).toHaveAttribute('rel', 'noopener noreferrer');
  await fillDonation(page, email);
  const tab = await submitToCheckout(page);

  const gift = await giftOf(request, email);
  expect(gift).toMatchObject({ state: 'pending', frequency: 'monthly', cause: 'education' });
  expect(tab.url()).toMatch(new RegExp(`^${PAYSTACK}/checkout/[0-9a-f]+$`));
  await expect(tab.locator('#reference')).toHaveText(gift.reference);
  expect(await tab.evaluate(() => window.opener === null)).toBe(true);
  expect(await tab.evaluate(() => document.referrer)).toBe('');
  await expect(page.locator('#toast')).toHaveText(
    'Redirecting to secure payment portal for your monthly donation of $50. Thank you for your generosity!',
  );
  await expect(page.locator('form.donation-form').getByLabel('Email')).toHaveValue('');

  // The gift list's row (the monthly gift is also a commitment, listed above it).
  const row = panel.getByRole('region', { name: 'Gifts', exact: true }).getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Pending');
  await paystackConfirms(request, gift.reference);
  // The live stream brings the change: no reload.
  await expect(row).toContainText('Confirmed', { timeout: 5_000 });
  await expect(row).toContainText('R-0');
  await expectNoAxeViolations(staffPage);

  await receiptFor(email);
  await staffPage.close();
});

test('the same with JavaScript off: the form itself opens the checkout tab, and the webhook confirms the gift', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `nojs-${tag()}@example.org`;
  await page.goto('/donate');
  await fillDonation(page, email);
  const tab = await submitToCheckout(page);
  const gift = await giftOf(request, email);
  expect(gift.state).toBe('pending');
  expect(tab.url()).toMatch(new RegExp(`^${PAYSTACK}/checkout/`));
  await expect(tab.locator('#reference')).toHaveText(gift.reference);
  await paystackConfirms(request, gift.reference);
  await expect.poll(async () => (await giftOf(request, email)).state).toBe('confirmed');
  await receiptFor(email);
  await context.close();
});

test('staff mark a cheque gift refunded from the Gifts tab, with a reason', async ({ page, request }) => {
  const donor = `Cheque Donor ${tag()}`;
  const recorded = await request.post('/api/admin/gifts', {
    headers: { authorization: `Bearer ${await staffToken(request)}` },
    data: { amount: 1234, currency: 'KES', method: 'cheque', cause: 'water', donorName: donor },
  });
  expect(recorded.status()).toBe(201);
  const { gift } = (await recorded.json()) as { gift: { reference: string } };

  await signIn(page, request);
  const panel = await openTab(page, 'Gifts');
  const row = panel.getByRole('row', { name: new RegExp(donor) });
  await expect(row).toContainText('Confirmed');
  await row.getByRole('button', { name: `Refund gift ${gift.reference} from ${donor}` }).click();
  const form = panel.getByRole('form', { name: new RegExp(`Mark gift R-\\d{6} from ${donor} refunded`) });
  await expect(form.getByLabel('Reason')).toBeFocused();
  await expectNoAxeViolations(page);
  await form.getByLabel('Reason').fill('Cheque bounced');
  await form.getByRole('button', { name: 'Mark refunded' }).click();
  await expect(toast(page)).toHaveText('Gift marked refunded');
  await expect(row).toContainText('Refunded');
  await expect(row.getByRole('button', { name: /^Refund gift/ })).toHaveCount(0);
  const after = (await staffList<{ reference: string; state: string; note: string }>(request, 'gifts')).find(
    (candidate) => candidate.reference === gift.reference,
  );
  expect(after).toMatchObject({ state: 'refunded' });
  expect(after!.note).toContain('Cheque bounced');
});
