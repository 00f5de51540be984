/**
 * My giving in the browser, with JavaScript on and off: a donor asks for a sign-in link on /my-giving, reads it at the
 * run's SMTP server, signs in with its button, sees their gifts (and no one else's), downloads a receipt and a yearly
 * statement as PDFs, and a used link is refused; a card monthly gift's "Update card or cancel" opens the stand-in's
 * manage page and "Change amount" moves it to a new subscription at the stand-in, and an M-Pesa monthly gift shows
 * its account and stops. And the thank-you page Paystack's checkout sends the donor back to: still processing before
 * paying, confirmed after paying at the stand-in's hosted page; a monthly M-Pesa sponsorship's shows its Paybill
 * account and the Ratiba steps. A card monthly gift whose charge fails (Paystack's published invoice.payment_failed
 * sample) emails the donor Paystack's manage link and My giving.
 */

/** Paystack's published `invoice.payment_failed` sample (tests/fixtures/paystack/), verbatim. */
const PAYMENT_FAILED = readFileSync(
  new URL('../fixtures/paystack/invoice.payment_failed.json', import.meta.url),
  'utf8',
);
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { staffList, staffToken } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { giftOf, PAYSTACK, sendPaystackEvent, submitToNewTab } from './support/checkout.ts';
import { mailTo } from './support/mailbox.ts';
import { askForLink, signInAs } from './support/my-giving.ts';
import { E2E_PAYSTACK_SECRET } from '../../support/e2e/server.ts';

const tag = () => randomBytes(4).toString('hex');

/** Records a confirmed cheque gift from `email` through the staff API; its receipt label and id. */
async function staffGift(
  request: APIRequestContext,
  email: string,
  amount: number,
): Promise<{ label: string; id: string }> {
  const res = await request.post('/api/admin/gifts', {
    headers: { authorization: `Bearer ${await staffToken(request)}` },
    data: { amount, currency: 'USD', method: 'cheque', cause: 'water', donorName: 'Wanjiru Test', donorEmail: email },
  });
  expect(res.status()).toBe(201);
  const { gift } = (await res.json()) as { gift: { id: string; receipt_no: number } };
  return { label: `R-${String(gift.receipt_no).padStart(6, '0')}`, id: gift.id };
}

/** Downloads what clicking `name` gives; its bytes and file name. */
async function download(page: Page, name: RegExp): Promise<{ bytes: Buffer; filename: string }> {
  const started = page.waitForEvent('download');
  await page.getByRole('link', { name }).click();
  const file = await started;
  const path = await file.path();
  return { bytes: await readFile(path), filename: file.suggestedFilename() };
}

/** Gives $50 a month from the donate form by `method` and pays at the stand-in's checkout; the thank-you tab. */
async function monthlyGift(page: Page, email: string, method: 'Credit or debit card' | 'M-Pesa'): Promise<Page> {
  await page.goto('/donate');
  const form = page.locator('form.donation-form');
  await form.getByRole('radio', { name: 'Monthly' }).check();
  await form.getByRole('radio', { name: 'Education', exact: true }).check();
  await form.getByRole('radio', { name: '$50', exact: true }).check();
  await form.getByRole('radio', { name: method, exact: true }).check();
  await form.getByLabel('Full name').fill('Monthly Donor');
  await form.getByLabel('Email').fill(email);
  const tab = await submitToNewTab(page, () => form.getByRole('button', { name: /^Donate/ }).click());
  await tab.getByRole('button', { name: 'Pay' }).click();
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Thank you: your gift has arrived');
  return tab;
}

/** Sends Paystack's signed `subscription.create` for the subscription the stand-in made on `planCode`. */
async function subscriptionCreated(request: APIRequestContext, planCode: string, email: string): Promise<string> {
  const listed = await request.get(`${PAYSTACK}/subscription?plan=${planCode}`, {
    headers: { authorization: `Bearer ${E2E_PAYSTACK_SECRET}` },
  });
  // A plan is one per amount, so other donors' subscriptions may be on it too.
  const { data } = (await listed.json()) as { data: { subscription_code: string; customer: { email: string } }[] };
  const code = data.find((subscription) => subscription.customer.email === email)!.subscription_code;
  const answer = await sendPaystackEvent(
    request,
    JSON.stringify({
      event: 'subscription.create',
      data: { subscription_code: code, status: 'active', plan: { plan_code: planCode }, customer: { email } },
    }),
  );
  expect(answer.status()).toBe(200);
  return code;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`My giving with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('sign in by emailed link, see only my gifts, download a receipt and a statement; the link works once', async ({
      page,
      request,
    }) => {
      // A whole journey: two gifts, an email, a sign-in, two downloads and two accessibility checks.
      test.slow();
      const email = `giver-${tag()}@example.org`;
      const other = `other-${tag()}@example.org`;
      const { label: mine } = await staffGift(request, email, 42);
      const { label: theirs } = await staffGift(request, other, 77);

      // axe runs as a script in the page: only with JavaScript on.
      const link = await askForLink(page, email, javaScriptEnabled);
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to My giving');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/my-giving\/account$/);
      await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
      const gifts = page.getByRole('table');
      await expect(gifts.getByRole('row', { name: new RegExp(mine) })).toContainText('$42.00');
      await expect(gifts).not.toContainText(theirs);
      await expect(gifts).not.toContainText('$77.00');
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      const receipt = await download(page, new RegExp(`Receipt ${mine} \\(PDF\\)`));
      expect(receipt.filename).toBe(`receipt-${mine}.pdf`);
      expect(receipt.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const statement = await download(page, /^Statement of \d{4} \(PDF\)$/);
      expect(statement.filename).toMatch(/^statement-\d{4}\.pdf$/);
      expect(statement.bytes.subarray(0, 5).toString()).toBe('%PDF-');

      // The link is used up: opening it again says so.
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link has been used');

      await page.goto('/my-giving/account');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/my-giving\/$/);
      await page.goto('/my-giving/account');
      await expect(page).toHaveURL(/\/my-giving\/$/);
    });

    test('a card monthly gift: "Update card or cancel" opens Paystack’s manage page', async ({
      page,
      browser,
      request,
    }) => {
      test.slow();
      const email = `card-${tag()}@example.org`;
      const payer = await browser.newPage();
      const thanks = await monthlyGift(payer, email, 'Credit or debit card');
      await thanks.close();
      await payer.close();
      const gift = await giftOf(request, email);
      const code = await subscriptionCreated(request, gift.plan_code!, email);

      await signInAs(page, email);
      await expect(page.getByRole('heading', { level: 3 })).toHaveText('$50.00 a month, Education (donation)');
      await page.getByRole('button', { name: 'Update card or cancel' }).click();
      await expect(page).toHaveURL(new RegExp(`^${PAYSTACK}/manage/subscriptions/${code}\\?subscription_token=`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage your subscription');
    });

    test('a card monthly gift: "Change amount" moves it to a new Paystack subscription on the same card', async ({
      page,
      browser,
      request,
    }) => {
      test.slow();
      const email = `change-${tag()}@example.org`;
      const payer = await browser.newPage();
      const thanks = await monthlyGift(payer, email, 'Credit or debit card');
      await thanks.close();
      await payer.close();
      const gift = await giftOf(request, email);
      const code = await subscriptionCreated(request, gift.plan_code!, email);

      await signInAs(page, email);
      await page.getByLabel('New amount (USD)').fill('40');
      await page.getByRole('button', { name: 'Change amount' }).click();
      await expect(page).toHaveURL(/\/my-giving\/account\?done=changed$/);
      await expect(page.getByRole('status')).toContainText('Your monthly gift has its new amount from next month');
      await expect(page.getByRole('heading', { level: 3, name: '$40.00 a month, Education (donation)' })).toBeVisible();
      await expect(page.getByText('Ended.', { exact: false })).toBeVisible();
      // At Paystack: the old subscription is disabled, a new one on the $40 plan charges the same customer.
      const asked = async (path: string) =>
        (await (
          await request.get(`${PAYSTACK}${path}`, { headers: { authorization: `Bearer ${E2E_PAYSTACK_SECRET}` } })
        ).json()) as { data: { status: string; customer: { email: string }; plan: { amount: number } } };
      expect((await asked(`/subscription/${code}`)).data.status).toBe('cancelled');
      const { data: all } = (await (
        await request.get(`${PAYSTACK}/subscription`, { headers: { authorization: `Bearer ${E2E_PAYSTACK_SECRET}` } })
      ).json()) as { data: { subscription_code: string; status: string; customer: { email: string } }[] };
      const mine = all.filter(
        (subscription) => subscription.customer.email === email && subscription.status === 'active',
      );
      expect(mine).toHaveLength(1);
      expect((await asked(`/subscription/${mine[0]!.subscription_code}`)).data.plan.amount).toBe(4000);
    });

    test('an M-Pesa monthly gift: its account on the thank-you page and My giving, then "Stop"', async ({
      page,
      browser,
      request,
    }) => {
      test.slow();
      const email = `mpesa-${tag()}@example.org`;
      const payer = await browser.newPage();
      const thanks = await monthlyGift(payer, email, 'M-Pesa');
      const account = await thanks.locator('strong', { hasText: /^TUM[A-Z0-9]{5}$/ }).textContent();
      expect(account).toMatch(/^TUM[A-Z0-9]{5}$/);
      await expect(thanks.getByText('Ratiba', { exact: false }).first()).toBeVisible();
      await thanks.close();
      await payer.close();
      expect((await giftOf(request, email)).state).toBe('confirmed');

      await signInAs(page, email);
      await expect(page.getByText(`account number: ${account!}`, { exact: false })).toBeVisible();
      await page.getByRole('button', { name: 'Stop' }).click();
      await expect(page).toHaveURL(/\/my-giving\/account\?done=stopped$/);
      await expect(page.getByRole('status')).toContainText('Your monthly gift is stopped');
      await expect(page.getByText('Ended.', { exact: false })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
    });
  });
}

test('another donor’s receipt cannot be read from a signed-in session', async ({ page, request }) => {
  const email = `reader-${tag()}@example.org`;
  await staffGift(request, email, 10);
  const theirs = await staffGift(request, `victim-${tag()}@example.org`, 11);
  const link = await askForLink(page, email);
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/my-giving\/account$/);
  const answer = await page.request.get(`/my-giving/receipts/${theirs.id}`);
  expect(answer.status()).toBe(404);
});

test('the thank-you page after the stand-in checkout: processing before paying, confirmed after', async ({
  page,
  request,
}) => {
  // A checkout, a payment at the stand-in, the verify and a receipt email.
  test.slow();
  const email = `thanks-${tag()}@example.org`;
  await page.goto('/donate');
  const form = page.locator('form.donation-form');
  await form.getByRole('radio', { name: 'One-time' }).check();
  await form.getByRole('radio', { name: 'Education', exact: true }).check();
  await form.getByRole('radio', { name: '$50', exact: true }).check();
  await form.getByLabel('Full name').fill('Thankful Donor');
  await form.getByLabel('Email').fill(email);
  const tab = await submitToNewTab(page, () => form.getByRole('button', { name: /^Donate/ }).click());
  const gift = await giftOf(request, email);

  const before = await page.context().newPage();
  await before.goto(`/thank-you?trxref=${gift.reference}&reference=${gift.reference}`);
  await expect(before.getByRole('heading', { level: 1 })).toHaveText('Your payment is being processed');
  await before.close();

  await tab.getByRole('button', { name: 'Pay' }).click();
  await expect(tab).toHaveURL(/\/thank-you\?trxref=/);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Thank you: your gift has arrived');
  await expect(tab.getByText('We have received your gift of $50.00, a one-time Education (donation).')).toBeVisible();
  await expect(tab.getByRole('link', { name: 'Go to My giving' })).toHaveAttribute('href', /\/my-giving\/$/);
  await expect(tab.getByText(email)).toHaveCount(0);
  await expectNoAxeViolations(tab);
  await expect.poll(async () => (await giftOf(request, email)).state).toBe('confirmed');
  // A refresh confirms nothing twice: one receipt arrives.
  await tab.reload();
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Thank you: your gift has arrived');
  const receipts = await mailTo(email, (mail) => mail.subject.startsWith('Your receipt R-'));
  expect(receipts).toHaveLength(1);
  expect(receipts[0]!.text).toContain('/my-giving/');
});

test('a card monthly gift: Paystack’s invoice.payment_failed emails the donor the manage link and My giving', async ({
  page,
  browser,
  request,
}) => {
  // A checkout paid at the stand-in, two webhooks and an email.
  test.slow();
  const email = `failing-${tag()}@example.org`;
  const payer = await browser.newPage();
  const thanks = await monthlyGift(payer, email, 'Credit or debit card');
  await thanks.close();
  await payer.close();
  const gift = await giftOf(request, email);
  const code = await subscriptionCreated(request, gift.plan_code!, email);

  // The published sample with only our subscription and donor put in.
  const failed = JSON.parse(PAYMENT_FAILED) as {
    data: { subscription: { subscription_code: string }; customer: { email: string } };
  };
  failed.data.subscription.subscription_code = code;
  failed.data.customer.email = email;
  const answer = await sendPaystackEvent(request, JSON.stringify(failed));
  expect(answer.status()).toBe(200);

  const [mail] = await mailTo(email, (candidate) => candidate.subject.includes('did not go through'));
  expect(mail!.subject).toBe("Your monthly gift to Tumaini Children's Foundation did not go through");
  const manage = new RegExp(`${PAYSTACK}/manage/subscriptions/${code}\\?subscription_token=\\S+`).exec(mail!.text)?.[0];
  expect(manage, 'the manage link of this gift’s subscription').toBeDefined();
  expect(mail!.text).toMatch(/Your gifts and receipts are on My giving: https?:\/\/\S+\/my-giving\//);
  // The link opens the stand-in's page where the donor updates the card or cancels.
  await page.goto(manage!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage your subscription');
  await expect(page.locator('#email')).toHaveText(email);
});

test('a monthly M-Pesa sponsorship: the thank-you page shows its Paybill account and the Ratiba steps', async ({
  page,
  request,
}) => {
  const email = `mpesa-sponsor-${tag()}@example.org`;
  // The sponsor form's post, as a browser sends it without JavaScript: to Paystack's checkout for the first month.
  const checkout = await request.post('/api/payments/checkout', {
    form: {
      form: 'sponsorship_application',
      sponsorshipType: 'full',
      paymentMethod: 'monthly',
      payWith: 'mpesa',
      childId: 'kibet',
      name: 'Mercy Achieng',
      email,
      website: '',
    },
    maxRedirects: 0,
  });
  expect(checkout.status()).toBe(303);
  expect(checkout.headers()['location']).toMatch(new RegExp(`^${PAYSTACK}/checkout/`));
  type Commitment = { donor_email: string; kind: string; method: string; account: string };
  const commitment = (await staffList<Commitment>(request, 'commitments')).find((c) => c.donor_email === email);
  expect(commitment).toMatchObject({ kind: 'sponsorship', method: 'mpesa' });
  const gift = await giftOf(request, email);

  // Paystack sends the donor back to the callback_url while the M-Pesa prompt on their phone is still open (the
  // sponsorship is not paid here, so the child stays offered for the other tests).
  await page.goto(`/thank-you?trxref=${gift.reference}&reference=${gift.reference}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your payment is being processed');
  await expect(page.getByRole('heading', { name: 'Your next payments by M-Pesa' })).toBeVisible();
  await expect(page.getByText(`Your M-Pesa account number: ${commitment!.account}`, { exact: false })).toBeVisible();
  await expect(page.locator('strong', { hasText: commitment!.account })).toHaveCount(1);
  await expect(page.getByText('M-Pesa Ratiba standing order')).toBeVisible();
  await expectNoAxeViolations(page);
});
