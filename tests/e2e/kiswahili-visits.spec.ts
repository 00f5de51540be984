/**
 * Kiswahili visits: the contact form of /sw/contact thanks the visitor in Kiswahili and sends the page's language
 * with the message, with JavaScript on and off (a refused plain post comes back in Kiswahili holding what was typed);
 * the privacy notice and My giving read in Kiswahili under /sw/, and My giving's sign-in form posts its language; a
 * gift from /sw/donate paid at the Paystack stand-in lands on a Kiswahili thank-you page.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { touchIsland } from '../../support/browser/hydration.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { giftOf, submitToNewTab } from './support/checkout.ts';
import { signInAs } from './support/my-giving.ts';

const tag = () => randomBytes(4).toString('hex');

/** Waits until the island holding `inner` has hydrated (scrolled to first: the form islands wake when visible). */
async function hydrated(page: Page, inner: Locator): Promise<void> {
  await inner.scrollIntoViewIfNeeded();
  await touchIsland(page, inner, { timeout: 30_000 });
}

/** The contact form of the page, found by its Kiswahili heading. */
const contactForm = (page: Page) => page.locator('form').filter({ hasText: 'Tutumie ujumbe' });

test('a message from /sw/contact is thanked in Kiswahili and sent with its language', async ({ page }) => {
  await page.goto('/sw/contact/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tuwasiliane');
  await expect(page.getByRole('heading', { level: 2, name: 'Saa za ofisi' })).toBeVisible();
  await expect(page.getByText('Jumatatu – Ijumaa')).toBeVisible();
  const form = contactForm(page);
  await hydrated(page, form.getByRole('button', { name: 'Tuma ujumbe' }));
  await form.getByLabel('Jina lako').fill('Neema Wairimu');
  await form.getByLabel('Anwani ya barua pepe').fill(`neema-${tag()}@example.org`);
  await form.getByLabel('Unaandika kuhusu nini?').selectOption({ label: 'Ufadhili wa mtoto' });
  await form.getByLabel('Kichwa cha ujumbe').fill('Ziara ya shule');
  await form.getByLabel('Ujumbe wako').fill('Ningependa kutembelea shule mnayoisaidia.');
  await expect(page.locator('.office-clock__status')).toHaveText(/^(Iko wazi sasa|Imefungwa sasa)$/);
  await expectNoAxeViolations(page);
  const sent = page.waitForRequest(
    (request) => request.url().endsWith('/api/admin/track') && request.method() === 'POST',
  );
  await form.getByRole('button', { name: 'Tuma ujumbe' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ type: 'contact_submit', language: 'sw' });
  const status = page.getByRole('status').filter({ hasText: 'Ujumbe wako umetumwa' });
  await expect(status).toContainText('Asante, Neema Wairimu! Ujumbe wako umetumwa.');
  await expect(status).toContainText('Tunajibu kila ujumbe ndani ya saa 24.');
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a refused message from /sw/contact comes back in Kiswahili, holding what was typed', async ({ page }) => {
    await page.goto('/sw/contact/');
    const form = contactForm(page);
    await expect(form.locator('input[name="language"]')).toHaveValue('sw');
    await form.getByLabel('Jina lako').fill('Juma Mwangi');
    // Valid for the browser's own check (so the post happens), refused by the server's.
    await form.getByLabel('Anwani ya barua pepe').fill('juma@example');
    await form.getByLabel('Kichwa cha ujumbe').fill('Kujitolea');
    await form.getByLabel('Ujumbe wako').fill('Ninaweza kusaidia Jumamosi.');
    await form.getByRole('button', { name: 'Tuma ujumbe' }).click();
    await expect(page).toHaveTitle(/^Hitilafu: /);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    const again = contactForm(page);
    await expect(again.getByLabel('Jina lako')).toHaveValue('Juma Mwangi');
    await expect(again.getByLabel('Anwani ya barua pepe')).toHaveValue('juma@example');
    await expect(again.getByLabel('Kichwa cha ujumbe')).toHaveValue('Kujitolea');
    await expect(again.getByLabel('Ujumbe wako')).toHaveValue('Ninaweza kusaidia Jumamosi.');
    const summary = again.getByRole('alert').filter({ hasText: 'Kuna tatizo' });
    await expect(summary.getByRole('link')).toHaveText([/^Anwani ya barua pepe: Andika anwani ya barua pepe/]);

    await again.getByLabel('Anwani ya barua pepe').fill(`juma-${tag()}@example.org`);
    await again.getByRole('button', { name: 'Tuma ujumbe' }).click();
    await expect(page).toHaveURL(/\/sw\/sent\/contact\/$/);
    await expect(page.getByText('Asante! Ujumbe wako umetumwa.')).toContainText('ndani ya saa 24');
  });
});

test.describe('a donor on a network of their own (sign-in links are limited per network)', () => {
  test.use({ extraHTTPHeaders: { 'x-test-client-ip': '198.51.100.46' } });

  // The page has no script: its form posts the same with JavaScript on.
  test('My giving in Kiswahili asks for a sign-in link and posts the page’s language', async ({ page }) => {
    await page.goto('/sw/my-giving/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Michango Yangu');
    await expect(page.getByRole('link', { name: 'Taarifa ya faragha' }).first()).toHaveAttribute(
      'href',
      /^\/sw\/privacy\/$/,
    );
    await expectNoAxeViolations(page);
    await page.getByLabel('Anwani ya barua pepe').first().fill(`mfadhili-${tag()}@example.org`);
    const asked = page.waitForRequest((request) => request.url().endsWith('/api/my-giving/link'));
    await page.getByRole('button', { name: 'Nitumie kiungo cha kuingia' }).click();
    expect(new URLSearchParams((await asked).postData() ?? '').get('language')).toBe('sw');

    await page.goto('/sw/my-giving/sent/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Angalia sanduku lako la barua pepe');
    await expect(page.getByRole('link', { name: 'Rudi kwenye Michango Yangu' })).toHaveAttribute(
      'href',
      /^\/sw\/my-giving\/$/,
    );
    await expectNoAxeViolations(page);
  });
});

test('the privacy notice reads in Kiswahili', async ({ page }) => {
  await page.goto('/sw/privacy/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Taarifa ya faragha');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'Sisi ni nani',
    'Kila fomu inakusanya nini na kwa nini',
    'Tunazihifadhi kwa muda gani',
    'Nani mwingine anayezipokea',
    'Haki zako',
  ]);
  await expect(page.locator('#retention')).toContainText('Jumbe za mawasiliano: hufutwa miaka 2 baada ya kuzipokea.');
  await expect(page.getByRole('row', { name: /^Fomu ya mawasiliano/ })).toContainText(
    'Tunatumia taarifa zako kujibu ujumbe wako tu',
  );
  await expectNoAxeViolations(page);
});

test('a gift from /sw/donate paid at the stand-in lands on a Kiswahili thank-you page, and My giving follows it', async ({
  page,
  request,
  browser,
}) => {
  // A checkout, a payment at the stand-in, the verify and a receipt email.
  test.slow();
  const email = `asante-${tag()}@example.org`;
  await page.goto('/sw/donate/');
  const form = page.locator('form.donation-form');
  await hydrated(page, form);
  await form.getByRole('radio', { name: 'Mara moja' }).check();
  await form.getByRole('radio', { name: 'Elimu', exact: true }).check();
  await form.getByRole('radio', { name: '$50', exact: true }).check();
  await form.getByLabel('Jina kamili').fill('Amani Kiprono');
  await form.getByLabel('Barua pepe').fill(email);
  const tab = await submitToNewTab(page, () => form.getByRole('button', { name: /^Changia \$50/ }).click());
  await giftOf(request, email);

  await tab.getByRole('button', { name: 'Pay' }).click();
  await expect(tab).toHaveURL(/\/thank-you\?trxref=/);
  await expect(tab.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Asante: mchango wako umetufikia');
  await expect(tab.getByText('Tumepokea mchango wako wa $50.00 (mara moja, Elimu (mchango)).')).toBeVisible();
  await expect(tab.getByRole('link', { name: 'Nenda kwenye Michango Yangu' })).toHaveAttribute(
    'href',
    /\/sw\/my-giving\/$/,
  );
  await expectNoAxeViolations(tab);

  // The donor signs in from a network of their own (sign-in links are limited per network): My giving is in the
  // language of their latest gift.
  const donor = await browser.newContext({ extraHTTPHeaders: { 'x-test-client-ip': '198.51.100.47' } });
  const account = await donor.newPage();
  await signInAs(account, email);
  await expect(account.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(account.getByRole('heading', { level: 1 })).toHaveText('Michango Yangu');
  await expect(account.getByRole('heading', { level: 2, name: 'Michango yako' })).toBeVisible();
  await expect(account.getByRole('row', { name: /Mara moja, Elimu \(mchango\)/ })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Toka' })).toBeVisible();
  await expectNoAxeViolations(account);
  await donor.close();
});
