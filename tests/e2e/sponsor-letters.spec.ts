/**
 * A sponsor's letter through staff, end to end: the sponsor writes from My giving with JavaScript off, including a
 * phone number and an email; staff see both marked in the Letters tab and cannot approve until they are removed;
 * the approved letter is in the printable PDF and is marked delivered; the child's reply, published from the child's
 * record, reaches the sponsor by email and on My giving.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfText } from '../support/pdf-text.ts';
import { staffToken } from './support/api.ts';
import { openTab, signIn, toast } from './support/dashboard.ts';
import { mailTo } from './support/mailbox.ts';
import { signInAs } from './support/my-giving.ts';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

test("a sponsor's letter is screened, approved once cleaned, printed and delivered, and the child's reply reaches them", async ({
  page,
  request,
  browser,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const slug = `letters-${suffix}`;
  const sponsorEmail = `writer-${suffix}@example.org`;
  const headers = { authorization: `Bearer ${await staffToken(request)}` };
  // A draft child (no public page changes), with consent, sponsored by the writer.
  const made = await request.post('/api/admin/children', {
    headers,
    data: {
      slug,
      name: `Baraka Mwangi${suffix}`,
      age: 10,
      location: 'Kawangware',
      monthly_need: 5400,
      status: 'draft',
      guardian_name: 'Ruth Mwangi',
      guardian_relation: 'Grandmother',
      given_on: today(),
      covers: 'profile',
      form_ref: `CF-${slug}`,
    },
  });
  expect(made.status()).toBe(201);
  const child = String(((await made.json()) as { child: { id: string } }).child.id);
  const sponsored = await request.post(`/api/admin/children/${child}/sponsorship`, {
    headers,
    data: { sponsor_name: `Grace Otieno${suffix}`, sponsor_email: sponsorEmail, amount: 5400 },
  });
  expect(sponsored.status()).toBe(201);

  // The sponsor writes from My giving, JavaScript off.
  // A sponsor at home, on a network of their own: sign-in links are limited per network.
  const sponsor = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'x-test-client-ip': '198.51.100.42' },
  });
  const sponsorPage = await sponsor.newPage();
  await signInAs(sponsorPage, sponsorEmail);
  await sponsorPage
    .getByLabel('Your letter')
    .fill(`Dear Baraka, I loved your drawing of a lion! Text me on 0722 123 456 or email grace.${suffix}@example.org.`);
  await sponsorPage.getByRole('button', { name: 'Send my letter to Baraka' }).click();
  await expect(sponsorPage.getByRole('status')).toContainText('your letter is with our staff');
  await expect(sponsorPage.locator('li.letter')).toContainText(['To Baraka']);
  await expect(sponsorPage.locator('li.letter')).toContainText('Waiting for review');

  // Staff see both contact details marked, and Approve waits until they are gone (the Letters function is started
  // first: its first call is slow on a busy machine).
  expect((await request.get('/api/admin/letters', { headers })).status()).toBe(200);
  await signIn(page, request);
  const panel = await openTab(page, 'Letters');
  const letter = panel.getByRole('article', { name: new RegExp(`From Grace Otieno${suffix} to Baraka`) });
  await expect(letter.locator('mark')).toHaveText(['0722 123 456', `grace.${suffix}@example.org`]);
  const approve = letter.getByRole('button', { name: /^Approve/ });
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveText('Approve (2 to remove or confirm)');
  await letter.getByLabel('The letter as it will be printed').fill('Dear Baraka, I loved your drawing of a lion!');
  await expect(letter.locator('mark')).toHaveCount(0);
  await approve.click();
  await expect(toast(page)).toHaveText('Letter approved: it will be printed for the next visit');

  // In the printable PDF, then marked delivered.
  await panel.getByRole('button', { name: /^Approved: to be delivered/ }).click();
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Print the letters for the field visit (PDF)' }).click();
  const pdf = pdfText(await readFile(await (await downloading).path()));
  expect(pdf).toContain('A letter for Baraka');
  expect(pdf).toContain('I loved your drawing of a lion!');
  expect(pdf).not.toContain('0722');
  await panel.getByRole('button', { name: /^Mark these \d+ letters delivered/ }).click();
  await expect(toast(page)).toHaveText(/marked delivered$/);
  await sponsorPage.reload();
  await expect(sponsorPage.locator('li.letter')).toContainText('Delivered');

  // Baraka's reply, from the child's record, reaches the sponsor.
  const reply = await request.post(`/api/admin/child-news/${child}`, {
    headers,
    data: { kind: 'reply', update_on: today(), body: 'Thank you Grace! I drew you an elephant this time.' },
  });
  expect(reply.status()).toBe(201);
  const update = String(((await reply.json()) as { id: string }).id);
  expect((await request.post(`/api/admin/child-news/${child}/${update}/publish`, { headers })).status()).toBe(200);
  await mailTo(sponsorEmail, (mail) => mail.subject === 'A letter from Baraka');
  await sponsorPage.reload();
  await expect(sponsorPage.locator('section.news')).toContainText('I drew you an elephant this time.');
  await sponsor.close();
});
