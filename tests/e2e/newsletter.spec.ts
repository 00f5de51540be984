/**
 * Confirmed opt-in and one-click unsubscribe against the run's real SMTP server
 * (support/mail-sink.ts), with JavaScript on and off. Sign up → the confirmation email arrives → its link confirms;
 * the unsubscribe link's GET changes nothing and its POST (no cookie) unsubscribes; the export of subscribers then
 * leaves the person out; the donate form's box, ticked, makes a pending subscriber and, unticked, none.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { NEWSLETTER_SUCCESS } from '../../src/lib/form-pages.ts';
import { expectStaffRow, staffList, staffToken } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openTab, signIn } from './support/dashboard.ts';
import { CASES } from '../../support/browser/form-cases.ts';
import { touchIsland, waitForHydration } from '../../support/browser/hydration.ts';
import { mailTo } from './support/mailbox.ts';
import type { ReceivedMail } from '../../support/stand-ins/smtp.ts';

type Subscriber = { email: string; status: string; source: string };

const tag = randomBytes(4).toString('hex');
const address = (label: string) => `${label}-${tag}@example.org`;

/** The subscriber row of `email` as staff see it, once it is there. */
async function subscriberStatus(request: APIRequestContext, email: string): Promise<string | undefined> {
  return (await staffList<Subscriber>(request, 'newsletter')).find((row) => row.email === email)?.status;
}

/** Signs `email` up with the footer form and returns the confirmation email. */
async function signUp(page: Page, email: string, js: boolean): Promise<ReceivedMail> {
  await page.goto('/');
  const form = page.locator('form.newsletter');
  await form.scrollIntoViewIfNeeded();
  if (js) await waitForHydration(page, form);
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  if (js) {
    await expect(form.getByRole('button', { name: 'Check your inbox' })).toBeVisible();
  } else {
    await expect(page).toHaveURL(/\/sent\/newsletter\/$/);
    await expect(page.getByText(NEWSLETTER_SUCCESS)).toBeVisible();
  }
  const [mail] = await mailTo(email, (received) => /confirm your subscription/i.test(received.subject));
  return mail!;
}

const confirmLink = (mail: ReceivedMail) => /https?:\/\/\S+\/newsletter\/confirm\?t=\S+/.exec(mail.text)?.[0] ?? '';
const unsubscribeLink = (mail: ReceivedMail) => /<(https?:[^>]+)>/.exec(mail.header('List-Unsubscribe'))?.[1] ?? '';

test.beforeEach(async ({ request }) => {
  await staffToken(request);
});

for (const js of [true, false]) {
  test.describe(`with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js });

    test('sign up, confirm by the emailed link, and a GET of the unsubscribe link changes nothing', async ({
      page,
      request,
    }) => {
      const email = address(js ? 'js' : 'nojs');
      const mail = await signUp(page, email, js);
      expect(mail.header('List-Unsubscribe')).toMatch(
        /^<https?:\/\/\S+\/newsletter\/unsubscribe\?t=\S+>, <mailto:\S+>$/,
      );
      expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(await subscriberStatus(request, email)).toBe('pending');

      await page.goto(confirmLink(mail));
      await expect(page).toHaveURL(/\/newsletter\/confirmed\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeVisible();
      expect(await subscriberStatus(request, email)).toBe('confirmed');

      await page.goto(unsubscribeLink(mail));
      await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from our news' })).toBeVisible();
      // axe runs as a script in the page, so it checks the page once, with JavaScript on.
      if (js) await expectNoAxeViolations(page);
      expect(await subscriberStatus(request, email)).toBe('confirmed');

      // The page's one button does the POST, with or without JavaScript.
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
      expect(await subscriberStatus(request, email)).toBe('unsubscribed');
    });

    test("the donate form's box ticked makes a pending subscriber; unticked, none", async ({ page, request }) => {
      const donate = CASES.find((form) => form.type === 'donation_intent')!;
      // With JavaScript the payment page opens in a tab of its own; this test only needs the form's record.
      await page.context().route(/^(?!http:\/\/localhost)/, (route) => route.abort());
      for (const ticked of [true, false]) {
        const email = address(`${js ? 'js' : 'nojs'}-donor-${ticked ? 'ticked' : 'unticked'}`);
        await page.goto(donate.path);
        const form = donate.form(page);
        if (js) await touchIsland(page, form);
        await donate.fill(form, email);
        await form.getByRole('checkbox', { name: /Send me news/ }).setChecked(ticked);
        await form.getByRole('button', { name: /^Donate/ }).click();
        await expectStaffRow<{ type: string; payload: Record<string, unknown> }>(
          request,
          'events',
          (row) => row.type === 'donation_intent' && row.payload['email'] === email,
        );
        expect(await subscriberStatus(request, email)).toBe(ticked ? 'pending' : undefined);
      }
    });
  });
}

test('the one-click POST (no cookie, no sign-in) unsubscribes, and the next export leaves the person out', async ({
  page,
  request,
}) => {
  const leaving = address('leaving');
  const staying = address('staying');
  for (const email of [leaving, staying]) {
    const mail = await signUp(page, email, true);
    await page.goto(confirmLink(mail));
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeVisible();
  }
  const [mail] = await mailTo(leaving, (received) => /confirm/i.test(received.subject));

  // What a mail program sends (RFC 8058), from a client that has never seen the site.
  const mailProgram = await playwrightRequest.newContext();
  const answer = await mailProgram.post(unsubscribeLink(mail!), { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(answer.status()).toBe(200);
  await mailProgram.dispose();
  expect(await subscriberStatus(request, leaving)).toBe('unsubscribed');

  await signIn(page, request);
  const panel = await openTab(page, 'Subscribers');
  await panel.getByLabel('Search subscribers').fill(tag);
  await expect(panel.getByRole('row').filter({ hasText: leaving })).toContainText('Unsubscribed');
  await expect(panel.getByRole('row').filter({ hasText: staying })).toContainText('Confirmed');
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile(await (await downloading).path(), 'utf8');
  expect(csv).toContain('Email,Name,Confirmed (Nairobi),Privacy notice version,Agreed to');
  expect(csv).toContain(staying);
  expect(csv).not.toContain(leaving);
  expect(csv).not.toMatch(/pending/i);
});
